#include "core/cards/HardwareCard.h"

#include "core/io/InputError.h"

#include <algorithm>
#include <cmath>
#include <regex>

namespace kvtiers {

double LinkModel::bandwidth(double transferBytes) const
{
    if (!curve.empty()) {
        if (transferBytes <= 0)
            return 0;
        if (transferBytes <= curve.front().transferBytes) {
            // Below the first measured size: the latency fit through the first point,
            // s / (L + s / peak) with L = s0 / b0 − s0 / peak, not a flat clamp (small
            // copies are latency-bound: on the H200, 8 KiB copies reach ~1.6 GB/s, not
            // the 10.6 GB/s measured at 64 KiB).
            const Point& first = curve.front();
            const double fit = first.transferBytes / first.bytesPerSecond - first.transferBytes / peakBytesPerSecond;
            if (fit > 0)
                return transferBytes / (fit + transferBytes / peakBytesPerSecond);
            return first.bytesPerSecond;
        }
        if (transferBytes >= curve.back().transferBytes)
            return curve.back().bytesPerSecond;
        const auto hi = std::upper_bound(
            curve.begin(), curve.end(), transferBytes, [](double s, const Point& p) { return s < p.transferBytes; });
        const auto lo = hi - 1;
        const double t = (std::log(transferBytes) - std::log(lo->transferBytes))
            / (std::log(hi->transferBytes) - std::log(lo->transferBytes));
        return lo->bytesPerSecond + t * (hi->bytesPerSecond - lo->bytesPerSecond);
    }
    if (transferBytes <= 0)
        return 0;
    return transferBytes / (latencySeconds + transferBytes / peakBytesPerSecond);
}

double LinkModel::streamingBandwidth() const
{
    return curve.empty() ? peakBytesPerSecond : curve.back().bytesPerSecond;
}

void LinkModel::scaleTo(double bytesPerSecond)
{
    const double from = streamingBandwidth();
    if (!(from > 0) || !(bytesPerSecond > 0))
        return;
    const double scale = bytesPerSecond / from;
    peakBytesPerSecond *= scale;
    for (Point& p : curve)
        p.bytesPerSecond *= scale;
}

double Interconnect::trafficFactor(int tp) const
{
    if (tp <= 1)
        return 0;
    return nvls ? 1.0 : 2.0 * (tp - 1) / tp;
}

namespace {
constexpr double kMaxBytes = 1e18;
constexpr double kMaxRate = 1e16;

struct ArchName {
    GpuArchitecture arch;
    const char* name;
};
constexpr ArchName kArchitectures[] = { { GpuArchitecture::Turing, "turing" }, { GpuArchitecture::Ampere, "ampere" },
    { GpuArchitecture::Ada, "ada" }, { GpuArchitecture::Hopper, "hopper" }, { GpuArchitecture::Blackwell, "blackwell" },
    { GpuArchitecture::Rubin, "rubin" }, { GpuArchitecture::Cdna3, "cdna3" }, { GpuArchitecture::Cdna4, "cdna4" },
    { GpuArchitecture::Cdna5, "cdna5" }, { GpuArchitecture::Tpu, "tpu" }, { GpuArchitecture::Trainium, "trainium" } };

GpuArchitecture readArchitecture(const JsonObject& gpu)
{
    const auto text = gpu.optionalString("architecture");
    if (!text)
        return GpuArchitecture::Unknown;
    std::string known;
    for (const auto& a : kArchitectures) {
        if (*text == a.name)
            return a.arch;
        known += (known.empty() ? "" : ", ") + std::string(a.name);
    }
    gpu.fail("architecture", "\"" + *text + "\" is not a known architecture (" + known + ")");
}

LinkKind readLinkKind(const JsonObject& link)
{
    const std::string kind = link.optionalString("kind").value_or("pcie");
    if (kind == "pcie")
        return LinkKind::Pcie;
    if (kind == "nvlink-c2c")
        return LinkKind::NvlinkC2c;
    link.fail("kind", "\"" + kind + "\" is not a link kind (pcie, nvlink-c2c)");
}

/// The card's GPU↔GPU fabric; without one, the host link at its streaming bandwidth with
/// NCCL's small-message latency (PCIe peer-to-peer through the host).
Interconnect readInterconnect(const JsonObject& o, const LinkModel& link)
{
    Interconnect ic;
    if (!o.has("interconnect")) {
        ic.name = link.name;
        ic.bytesPerSecond = link.streamingBandwidth();
        ic.allReduceLatencySeconds = kDefaultAllReduceLatencySeconds;
        return ic;
    }
    const JsonObject i = o.requireObject("interconnect");
    i.rejectUnknownKeys({ "name", "bytes_per_s", "allreduce_latency_s", "allreduce", "note" });
    ic.name = i.optionalString("name").value_or("");
    ic.bytesPerSecond = i.requireNumber("bytes_per_s", 1e3, kMaxRate);
    ic.allReduceLatencySeconds
        = i.optionalNumber("allreduce_latency_s", 0, 10).value_or(kDefaultAllReduceLatencySeconds);
    const std::string algo = i.optionalString("allreduce").value_or("ring");
    if (algo != "ring" && algo != "nvls")
        i.fail("allreduce", "\"" + algo + "\" is not an all-reduce kind (ring, nvls)");
    ic.nvls = algo == "nvls";
    ic.note = i.optionalString("note").value_or("");
    return ic;
}
} // namespace

namespace {

/// The drives' endurance rating and what it assumes; a shared uplink where one is named.
void readServerEndurance(const JsonObject& server, HardwareCard& h)
{
    h.nvmeDwpd = server.optionalNumber("nvme_dwpd", 0.01, 1000).value_or(0);
    if (server.has("nvme_dwpd_basis")) {
        const JsonObject basis = server.requireObject("nvme_dwpd_basis");
        basis.rejectUnknownKeys({ "workload", "warranty_years", "source" });
        h.nvmeDwpdBasis.workload = basis.requireString("workload");
        if (h.nvmeDwpdBasis.workload != "random-4k" && h.nvmeDwpdBasis.workload != "sequential")
            basis.fail("workload", "must be random-4k or sequential");
        h.nvmeDwpdBasis.warrantyYears = basis.requireNumber("warranty_years", 0.1, 100);
        h.nvmeDwpdBasis.source = basis.requireString("source");
    } else if (h.nvmeDwpd > 0) {
        server.fail("nvme_dwpd_basis", "must say what nvme_dwpd assumes (workload, warranty_years, source)");
    }
    if (server.has("shared_uplink")) {
        const JsonObject up = server.requireObject("shared_uplink");
        up.rejectUnknownKeys({ "name", "bytes_per_s", "gpus" });
        SharedUplink u;
        u.name = up.optionalString("name").value_or("shared_uplink");
        u.bytesPerSecond = up.requireNumber("bytes_per_s", 1e3, kMaxRate);
        u.gpus = static_cast<int>(up.requireInteger("gpus", 1, h.gpusPerServer));
        h.uplink = u;
    }
}

/// "generation": { "line": "nvidia-hgx", "order": 3 }: the card's place among its vendor's
/// generations. A line is a lower-case slug, so two cards meant for one line cannot differ
/// by case or a space; the order is a whole number, older first.
std::optional<HardwareGeneration> readGeneration(const JsonObject& o)
{
    if (!o.has("generation"))
        return std::nullopt;
    const JsonObject g = o.requireObject("generation");
    g.rejectUnknownKeys({ "line", "order" });
    HardwareGeneration gen;
    gen.line = g.requireString("line");
    const bool slug = !gen.line.empty() && gen.line.size() <= 64 && gen.line.front() != '-' && gen.line.back() != '-'
        && gen.line.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string::npos;
    if (!slug)
        g.fail(
            "line", "\"" + gen.line + "\" is not a line name: lower-case letters, digits and '-', e.g. \"nvidia-hgx\"");
    gen.order = static_cast<int>(g.requireInteger("order", 1, 1000));
    return gen;
}

/// "status": "shipping" (the default) or "announced".
HardwareStatus readStatus(const JsonObject& o)
{
    const std::string status = o.optionalString("status").value_or("shipping");
    if (status == "shipping")
        return HardwareStatus::Shipping;
    if (status == "announced")
        return HardwareStatus::Announced;
    o.fail("status", "\"" + status + "\" is not a status (shipping, announced)");
}

/// "vendor": who makes the accelerator; absent, the first word of the name.
std::string readVendor(const JsonObject& o, const std::string& name)
{
    if (const auto vendor = o.optionalString("vendor")) {
        if (vendor->empty() || vendor->size() > 64 || vendor->find_first_of(" \t\n") != std::string::npos)
            o.fail("vendor",
                "\"" + *vendor + "\" is not a vendor name: one word, e.g. \"NVIDIA\", \"AMD\", \"Google\", \"AWS\"");
        return *vendor;
    }
    return name.substr(0, name.find(' '));
}

/// The accelerator memory's generation, as the memory makers report bit supply by it.
std::string readMemoryGeneration(const JsonObject& gpu)
{
    const auto text = gpu.optionalString("hbm_generation");
    if (!text)
        return {};
    static const std::regex kGeneration("(HBM[2-9]E?|GDDR[5-9]X?|LPDDR[4-6]X?)");
    if (!std::regex_match(*text, kGeneration))
        gpu.fail("hbm_generation",
            "\"" + *text
                + "\" is not a memory generation: HBM2E, HBM3, HBM3E, HBM4, HBM4E or GDDR6, GDDR7, upper case");
    return *text;
}

/// "scale_out": { "name", "bytes_per_s", "latency_s", "note" }: the network between servers,
/// per GPU. The note is required: a line rate alone does not say which NIC it assumes.
std::optional<ScaleOut> readScaleOut(const JsonObject& o)
{
    if (!o.has("scale_out"))
        return std::nullopt;
    const JsonObject n = o.requireObject("scale_out");
    n.rejectUnknownKeys({ "name", "bytes_per_s", "latency_s", "note" });
    ScaleOut net;
    net.name = n.requireString("name");
    net.bytesPerSecond = n.requireNumber("bytes_per_s", 1e6, kMaxRate);
    net.latencySeconds = n.requireNumber("latency_s", 0, 1);
    net.note = n.requireString("note");
    return net;
}

} // namespace
const char* hardwareStatusName(HardwareStatus s)
{
    return s == HardwareStatus::Announced ? "announced" : "shipping";
}

std::string hardwareDisplayName(const HardwareCard& card)
{
    return card.announced() ? card.name + " (announced)" : card.name;
}

std::string hardwareIdText(const HardwareCard& card)
{
    return card.announced() ? card.id + " (announced)" : card.id;
}

const char* gpuArchitectureName(GpuArchitecture a)
{
    for (const auto& n : kArchitectures)
        if (n.arch == a)
            return n.name;
    return "";
}

bool hasFp8Attention(GpuArchitecture a)
{
    return a == GpuArchitecture::Hopper || a == GpuArchitecture::Blackwell || a == GpuArchitecture::Rubin;
}

HardwareCard parseHardwareCard(const Json& json, const std::string& origin)
{
    const JsonObject o(json, origin);
    o.rejectUnknownKeys({ "id", "name", "vendor", "status", "notes", "sources", "gpu", "server", "link", "interconnect",
        "scale_out", "generation" });
    HardwareCard h;
    h.id = o.requireString("id");
    h.name = o.requireString("name");
    h.vendor = readVendor(o, h.name);
    h.status = readStatus(o);
    h.notes = o.optionalString("notes").value_or("");
    h.sources = readSources(o);

    const JsonObject gpu = o.requireObject("gpu");
    gpu.rejectUnknownKeys({ "hbm_bytes", "hbm_bandwidth_bytes_per_s", "bf16_flops", "fp8_flops", "fp4_flops",
        "decode_efficiency", "prefill_mfu", "architecture", "hbm_generation" });
    h.hbmBytes = gpu.requireNumber("hbm_bytes", 1e6, kMaxBytes);
    h.hbmBandwidth = gpu.requireNumber("hbm_bandwidth_bytes_per_s", 1e6, kMaxRate);
    h.bf16Flops = gpu.requireNumber("bf16_flops", 1e6, 1e20);
    // Absent: the GPU has no such unit. Present: a real rate, so no 0 standing in for "none".
    h.fp8Flops = gpu.optionalNumber("fp8_flops", 1e6, 1e20).value_or(0);
    h.fp4Flops = gpu.optionalNumber("fp4_flops", 1e6, 1e20).value_or(0);
    h.decodeEfficiency = gpu.optionalNumber("decode_efficiency", 0.01, 1).value_or(0.7);
    h.prefillMfu = gpu.optionalNumber("prefill_mfu", 0.01, 1).value_or(0.5);
    h.architecture = readArchitecture(gpu);
    h.hbmGeneration = readMemoryGeneration(gpu);

    const JsonObject server = o.requireObject("server");
    server.rejectUnknownKeys({ "gpus", "host_dram_bytes", "dram_usable_fraction", "nvme_bytes", "nvme_read_bytes_per_s",
        "nvme_latency_s", "nvme_dwpd", "nvme_dwpd_basis", "shared_uplink" });
    h.gpusPerServer = static_cast<int>(server.requireInteger("gpus", 1, 1024));
    h.hostDramBytes = server.requireNumber("host_dram_bytes", 0, kMaxBytes);
    h.dramUsableFraction = server.optionalNumber("dram_usable_fraction", 0, 1).value_or(0.8);
    h.nvmeBytes = server.requireNumber("nvme_bytes", 0, kMaxBytes);
    h.nvmeReadBandwidth = server.requireNumber("nvme_read_bytes_per_s", 1e3, kMaxRate);
    h.nvmeLatencySeconds = server.optionalNumber("nvme_latency_s", 0, 10).value_or(1e-4);
    readServerEndurance(server, h);

    const JsonObject link = o.requireObject("link");
    link.rejectUnknownKeys({ "name", "kind", "latency_s", "peak_bytes_per_s", "curve", "curve_source" });
    h.link.name = link.optionalString("name").value_or("");
    h.link.kind = readLinkKind(link);
    h.link.peakBytesPerSecond = link.requireNumber("peak_bytes_per_s", 1e3, kMaxRate);
    // Every NVLink-C2C link takes C2C's latency by this rule, unless its card measured its own.
    h.link.latencySeconds
        = link.optionalNumber("latency_s", 0, 10)
              .value_or(h.link.kind == LinkKind::NvlinkC2c ? kC2cLatencySeconds : kDefaultLinkLatencySeconds);
    if (link.has("curve")) {
        // Where the curve was measured: on this GPU, or transferred from another.
        h.link.curveSource = link.optionalString("curve_source").value_or("");
        const Json& curve = link.requireArray("curve");
        for (size_t i = 0; i < curve.size(); ++i) {
            const JsonObject p(curve[i], link.path() + ".curve[" + std::to_string(i) + "]");
            p.rejectUnknownKeys({ "transfer_bytes", "bytes_per_s", "note" });
            LinkModel::Point point { p.requireNumber("transfer_bytes", 1, kMaxBytes),
                p.requireNumber("bytes_per_s", 1e3, kMaxRate) };
            if (!h.link.curve.empty() && point.transferBytes <= h.link.curve.back().transferBytes)
                p.fail("transfer_bytes", { .code = InputErrorCode::CurveNotIncreasing });
            h.link.curve.push_back(point);
        }
    }
    h.interconnect = readInterconnect(o, h.link);
    h.scaleOut = readScaleOut(o);
    h.generation = readGeneration(o);
    return h;
}

Json HardwareCard::toJson() const
{
    Json linkJson = { { "name", link.name }, { "kind", link.kind == LinkKind::NvlinkC2c ? "nvlink-c2c" : "pcie" },
        { "latency_s", link.latencySeconds }, { "peak_bytes_per_s", link.peakBytesPerSecond } };
    if (!link.curve.empty()) {
        Json curveJson = Json::array();
        for (const auto& p : link.curve)
            curveJson.push_back({ { "transfer_bytes", p.transferBytes }, { "bytes_per_s", p.bytesPerSecond } });
        linkJson["curve"] = curveJson;
        if (!link.curveSource.empty())
            linkJson["curve_source"] = link.curveSource;
    }
    Json j = {
        { "id", id },
        { "name", name },
        { "vendor", vendor },
        { "sources", sourcesToJson(sources) },
        { "gpu",
            { { "hbm_bytes", hbmBytes }, { "hbm_bandwidth_bytes_per_s", hbmBandwidth }, { "bf16_flops", bf16Flops },
                { "decode_efficiency", decodeEfficiency }, { "prefill_mfu", prefillMfu } } },
        { "server",
            { { "gpus", gpusPerServer }, { "host_dram_bytes", hostDramBytes },
                { "dram_usable_fraction", dramUsableFraction }, { "nvme_bytes", nvmeBytes },
                { "nvme_read_bytes_per_s", nvmeReadBandwidth }, { "nvme_latency_s", nvmeLatencySeconds } } },
        { "link", linkJson },
        { "interconnect",
            { { "name", interconnect.name }, { "bytes_per_s", interconnect.bytesPerSecond },
                { "allreduce_latency_s", interconnect.allReduceLatencySeconds },
                { "allreduce", interconnect.nvls ? "nvls" : "ring" } } },
    };
    if (nvmeDwpd > 0) {
        j["server"]["nvme_dwpd"] = nvmeDwpd;
        j["server"]["nvme_dwpd_basis"] = { { "workload", nvmeDwpdBasis.workload },
            { "warranty_years", nvmeDwpdBasis.warrantyYears }, { "source", nvmeDwpdBasis.source } };
    }
    if (uplink)
        j["server"]["shared_uplink"]
            = { { "name", uplink->name }, { "bytes_per_s", uplink->bytesPerSecond }, { "gpus", uplink->gpus } };
    if (!interconnect.note.empty())
        j["interconnect"]["note"] = interconnect.note;
    if (architecture != GpuArchitecture::Unknown)
        j["gpu"]["architecture"] = gpuArchitectureName(architecture);
    if (!hbmGeneration.empty())
        j["gpu"]["hbm_generation"] = hbmGeneration;
    if (fp8Flops > 0)
        j["gpu"]["fp8_flops"] = fp8Flops;
    if (fp4Flops > 0)
        j["gpu"]["fp4_flops"] = fp4Flops;
    if (announced())
        j["status"] = hardwareStatusName(status);
    if (scaleOut)
        j["scale_out"] = { { "name", scaleOut->name }, { "bytes_per_s", scaleOut->bytesPerSecond },
            { "latency_s", scaleOut->latencySeconds }, { "note", scaleOut->note } };
    if (generation)
        j["generation"] = { { "line", generation->line }, { "order", generation->order } };
    if (!notes.empty())
        j["notes"] = notes;
    return j;
}

} // namespace kvtiers
