#include "core/cards/SystemCard.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"

namespace kvtiers {

namespace {
constexpr double kMaxBytes = 1e18;
constexpr double kMaxRate = 1e16;

SystemAttach readAttach(const JsonObject& o)
{
    const JsonObject g = o.requireObject("per_gpu");
    g.rejectUnknownKeys(
        { "hbm_bytes", "hbm_bandwidth_bytes_per_s", "dram_bytes", "local_nvme_bytes", "context_flash_bytes" });
    SystemAttach a;
    a.hbmBytes = g.requireNumber("hbm_bytes", 1e6, kMaxBytes);
    a.hbmBandwidth = g.requireNumber("hbm_bandwidth_bytes_per_s", 1e6, kMaxRate);
    a.hostDramBytes = g.requireNumber("dram_bytes", 0, kMaxBytes);
    a.nvmeBytes = g.requireNumber("local_nvme_bytes", 0, kMaxBytes);
    a.contextFlashBytes = g.optionalNumber("context_flash_bytes", 0, kMaxBytes).value_or(0);
    return a;
}
} // namespace

PerTier<double> SystemCard::provisionedPerGpu() const
{
    return { perGpu.hbmBytes, perGpu.hostDramBytes, perGpu.nvmeBytes + perGpu.contextFlashBytes };
}

SystemCard parseSystemCard(const Json& json, const std::string& origin)
{
    const JsonObject o(json, origin);
    o.rejectUnknownKeys(
        { "id", "name", "vendor", "status", "hardware", "gpus", "per_gpu", "context_flash", "notes", "sources" });
    SystemCard s;
    s.id = o.requireString("id");
    s.name = o.requireString("name");
    s.vendor = o.requireString("vendor");
    const std::string status = o.optionalString("status").value_or("shipping");
    if (status != "shipping" && status != "announced")
        o.fail("status", "\"" + status + "\" is not a status (shipping, announced)");
    s.status = status == "announced" ? HardwareStatus::Announced : HardwareStatus::Shipping;
    s.hardware = o.requireString("hardware");
    s.gpus = static_cast<int>(o.requireInteger("gpus", 1, 100000));
    s.perGpu = readAttach(o);
    s.contextFlashName = o.optionalString("context_flash").value_or("");
    if (s.perGpu.contextFlashBytes > 0 && s.contextFlashName.empty())
        o.fail("context_flash", "missing: a system with per_gpu.context_flash_bytes names what that tier is");
    s.notes = o.optionalString("notes").value_or("");
    s.sources = readSources(o);
    return s;
}

void checkSystemHardware(const SystemCard& system, const HardwareCard& hardware, const std::string& origin)
{
    if (system.perGpu.hbmBytes != hardware.hbmBytes)
        throw InputError(origin + ": per_gpu.hbm_bytes: " + formatSignificant(system.perGpu.hbmBytes, 4)
            + " differs from hardware card \"" + hardware.id + "\"'s " + formatSignificant(hardware.hbmBytes, 4)
            + " bytes: a system's GPUs are sized on its hardware card");
    if (system.gpus != hardware.gpusPerServer)
        throw InputError(origin + ": gpus: " + std::to_string(system.gpus) + " differs from hardware card \""
            + hardware.id + "\"'s " + std::to_string(hardware.gpusPerServer)
            + " GPUs per server: a fleet counts its units in the hardware card's servers");
}

Json SystemCard::toJson() const
{
    Json j = { { "id", id }, { "name", name }, { "vendor", vendor }, { "hardware", hardware }, { "gpus", gpus },
        { "per_gpu",
            { { "hbm_bytes", perGpu.hbmBytes }, { "hbm_bandwidth_bytes_per_s", perGpu.hbmBandwidth },
                { "dram_bytes", perGpu.hostDramBytes }, { "local_nvme_bytes", perGpu.nvmeBytes },
                { "context_flash_bytes", perGpu.contextFlashBytes } } },
        { "sources", sourcesToJson(sources) } };
    if (status == HardwareStatus::Announced)
        j["status"] = "announced";
    if (!contextFlashName.empty())
        j["context_flash"] = contextFlashName;
    if (!notes.empty())
        j["notes"] = notes;
    return j;
}

} // namespace kvtiers
