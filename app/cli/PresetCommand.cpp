// `kvtiers preset`: list, show, save, rename, delete, import and export named scenarios, and
// saved outlooks (save NAME --outlook ID|FILE; `kvtiers outlook --outlook NAME` reads one back).
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "core/analysis/Outlook.h"
#include "core/catalog/PresetStore.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/io/InputError.h"

#include <string>
#include <vector>

namespace kvtiers::cli {

namespace {

/// The outlook option's flag, as `kvtiers outlook` spells it: `save NAME --outlook ID|FILE`
/// saves what `kvtiers outlook --outlook` reads.
const std::string& outlookFlag()
{
    static const std::string flag = optionFlagOf(outlookRunOptions(), "outlook");
    return flag;
}

int cmdPreset(const Command& command, const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, command.options);
    checkOutputFlags(p, "preset", false);
    if (p.positional.empty())
        throw InputError("preset: say what to do: list, show NAME, save NAME, rename OLD NEW, delete NAME, "
                         "import FILE, export NAME FILE");
    const std::string& verb = p.positional[0];
    auto need = [&](size_t n, const std::string& usage) {
        if (p.positional.size() != n + 1)
            throw InputError(std::string("preset ") + verb + ": usage: kvtiers preset " + usage);
    };
    auto check = [](const Status& s) {
        if (!s.ok())
            throw InputError(s.error);
    };
    PresetStore store;
    if (verb == "list") {
        need(0, "list");
        for (const auto& pr : store.presets())
            out << (pr.builtin ? "built-in  " : "user      ") << pr.name << "\n";
        for (const auto& c : store.comparisons())
            out << "compare   " << c.name << "\n";
        for (const auto& o : store.outlookPresets())
            out << "outlook   " << o.name << "\n";
        for (const auto& problem : store.problems())
            out << "skipped   " << problem.reason << "\n";
    } else if (verb == "show") {
        need(1, "show NAME");
        const Preset* pr = store.find(p.positional[1]);
        const OutlookPreset* outlook = pr ? nullptr : store.findOutlook(p.positional[1]);
        if (!pr && !outlook)
            throw InputError("preset show: no preset called \"" + p.positional[1] + "\"");
        out << (pr ? PresetStore::toJson(*pr) : PresetStore::outlookPresetToJson(*outlook)).dump(2) << "\n";
    } else if (verb == "save") {
        need(1, "save NAME [--model ID] [--workload ID] [overrides] | save NAME " + outlookFlag() + " ID|FILE");
        const auto notesIt = p.own.find("--notes");
        if (const auto o = p.own.find(outlookFlag()); o != p.own.end()) {
            const OutlookCard card = cardCatalog().resolveOutlook(o->second);
            computeOutlook(cardCatalog(), card); // refuse an outlook that cannot be sized
            check(store.saveOutlook(
                p.positional[1], card, false, notesIt == p.own.end() ? std::string() : notesIt->second));
            out << "saved outlook \"" << p.positional[1] << "\" in " << store.directory() << "\n";
            return kExitOk;
        }
        ScenarioSpec spec = specFromFlags(p);
        resolve(spec); // refuse a scenario that does not evaluate
        const auto notes = p.own.count("--notes") ? p.own.at("--notes") : std::string();
        check(store.save(p.positional[1], spec, false, notes));
        out << "saved \"" << p.positional[1] << "\" in " << store.directory() << "\n";
    } else if (verb == "rename") {
        need(2, "rename OLD NEW");
        check(store.rename(p.positional[1], p.positional[2]));
    } else if (verb == "delete") {
        need(1, "delete NAME");
        const bool outlook = !store.find(p.positional[1]) && store.findOutlook(p.positional[1]);
        check(outlook ? store.removeOutlook(p.positional[1]) : store.remove(p.positional[1]));
    } else if (verb == "import") {
        need(1, "import FILE");
        std::string name;
        check(store.importFile(p.positional[1], &name));
        out << "imported \"" << name << "\"\n";
    } else if (verb == "export") {
        need(2, "export NAME FILE");
        const bool outlook = !store.find(p.positional[1]) && store.findOutlook(p.positional[1]);
        check(outlook ? store.exportOutlookFile(p.positional[1], p.positional[2])
                      : store.exportFile(p.positional[1], p.positional[2]));
    } else {
        throw InputError(
            "preset: unknown action \"" + verb + "\" (use list, show, save, rename, delete, import, export)");
    }
    return kExitOk;
}

} // namespace

const Command kPresetCommand = { "preset",
    "  kvtiers preset list | show NAME | save NAME [eval options] [--notes TEXT] | rename OLD NEW\n"
    "                 | delete NAME | import FILE | export NAME FILE\n"
    "                 | save NAME "
        + outlookFlag()
        + " ID|FILE [--notes TEXT]\n"
          "  Every eval/sweep/compare takes --preset NAME as its starting point; flags override it.\n"
          "  A saved outlook opens with kvtiers outlook "
        + outlookFlag() + " NAME.\n",
    { "--notes", outlookFlag() }, cmdPreset };

} // namespace kvtiers::cli
