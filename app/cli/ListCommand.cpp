// `kvtiers list`: the built-in cards a user can name, as a table or JSON.
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "core/cards/KvFormat.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/model/KvSizing.h"

#include <iomanip>
#include <string>
#include <vector>

namespace kvtiers::cli {

namespace {

int cmdList(const Command& command, const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, command.options);
    checkOutputFlags(p, "list", false);
    if (p.positional.size() != 1)
        throw InputError("list: say what to list: models, hardware, workloads, outlooks or systems");
    const auto& c = cardCatalog();
    const std::string& what = p.positional[0];
    Json j = Json::array();
    auto row = [&](const std::string& id, const std::string& name, const std::string& extra) {
        if (p.json)
            j.push_back({ { "id", id }, { "name", name } });
        else
            out << std::left << std::setw(20) << id << " " << name << extra << "\n";
    };
    if (what == "models") {
        for (const auto& [id, m] : c.models()) {
            KvFormat f { m.defaultKvBits, 0 };
            row(id, m.name,
                "  [" + formatBytes(KvSizing(m, f, 1, 16, Allocation::Paged).bytesPerToken()) + "/token at " + f.name()
                    + "]");
        }
    } else if (what == "hardware") {
        for (const auto& [id, h] : c.hardware()) {
            // The vendor and, for a card that stands on an announcement, "(announced)".
            row(id, p.json ? h.name : hardwareDisplayName(h), "  [" + h.vendor + "]");
            if (p.json) {
                j.back()["vendor"] = h.vendor;
                j.back()["status"] = hardwareStatusName(h.status);
            }
        }
    } else if (what == "workloads") {
        for (const auto& [id, w] : c.workloads())
            row(id, w.name, "");
    } else if (what == "outlooks") {
        for (const auto& [id, o] : c.outlooks())
            row(id, o.name,
                "  [" + std::to_string(o.years.front().year) + "-" + std::to_string(o.years.back().year)
                    + ", a scenario]");
    } else if (what == "systems") {
        // What each shipped system provisions per GPU: the bytes an outlook counts as bought.
        for (const auto& [id, s] : c.systems()) {
            // Decimal units, as the systems' data sheets quote them.
            const auto bytes = [](double b) { return formatBytes(b, ByteUnits::Decimal); };
            const std::string flash
                = s.perGpu.contextFlashBytes > 0 ? " + " + bytes(s.perGpu.contextFlashBytes) + " context flash" : "";
            row(id, s.name + (s.status == HardwareStatus::Announced ? " (announced)" : ""),
                "  [" + s.hardware + ", " + std::to_string(s.gpus) + " GPUs; per GPU " + bytes(s.perGpu.hbmBytes)
                    + " HBM, " + bytes(s.perGpu.hostDramBytes) + " DRAM, " + bytes(s.perGpu.nvmeBytes) + " NVMe" + flash
                    + "]");
            if (p.json) {
                j.back()["hardware"] = s.hardware;
                j.back()["gpus"] = s.gpus;
                j.back()["per_gpu"] = s.toJson()["per_gpu"];
            }
        }
    } else {
        throw InputError("list: unknown list \"" + what + "\" (use models, hardware, workloads, outlooks or systems)");
    }
    if (p.json)
        out << j.dump(2) << "\n";
    return kExitOk;
}

} // namespace

const Command kListCommand = { "list",
    R"(  kvtiers list models|hardware|workloads|outlooks|systems [--json]
)",
    {}, cmdList };

} // namespace kvtiers::cli
