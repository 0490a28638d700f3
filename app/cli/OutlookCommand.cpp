// `kvtiers outlook`: memory demand by year, from an outlook card (Outlook.h).
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "app/cli/ExportCommand.h"
#include "app/cli/OptionParsing.h"
#include "core/analysis/Outlook.h"
#include "core/catalog/PresetStore.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/report/OutlookReport.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace kvtiers::cli {

namespace {

std::string ratioText(double v)
{
    return std::isfinite(v) ? formatSignificant(v, 3) : "-";
}

/// A right-aligned column `width` characters wide after two spaces; "—" and "÷" take more than
/// one byte, so the width counts characters, not bytes.
void rightColumn(std::ostream& out, const std::string& text, int width)
{
    const auto extra = std::count_if(
        text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; });
    out << "  " << std::right << std::setw(width + static_cast<int>(extra)) << text;
}

/// The year table: bytes in decimal units by default, as memory is sold. Every column is
/// right-aligned with at least two spaces before it, so no two figures run together.
void yearTable(std::ostream& out, const OutlookResult& r, ByteUnits units)
{
    auto col = [&](const std::string& text, int width) { out << "  " << std::right << std::setw(width) << text; };
    auto head = [&](std::initializer_list<std::pair<const char*, int>> cols) {
        out << "year";
        for (const auto& [text, width] : cols)
            col(text, width);
        out << "\n";
    };
    // One literal: "servers" alone is the servers knob's key, named only through the knob table.
    out << "year          tokens/day       GPUs   servers   HBM need  HBM inst.  DRAM need  DRAM inst.   SSD need  "
           "NVMe "
           "inst.\n";
    for (const auto& y : r.years) {
        out << std::left << std::setw(4) << y.year;
        col(outlookTokensText(y.tokensPerDay), 18);
        col(formatCount(y.gpus), 9);
        col(formatCount(y.servers), 8);
        const int widths[] = { 9, 9, 9, 10, 9, 10 };
        int i = 0;
        for (double b :
            { y.hbmBytes, y.hbmInstalledBytes, y.dramBytes, y.dramInstalledBytes, y.ssdBytes, y.nvmeInstalledBytes })
            col(formatBytes(b, units), widths[i++]);
        out << "\n";
    }
    out << "\nIndex: needed bytes ÷ the first year's. Growth ratio: Δln(needed bytes) ÷ Δln(tokens/day) from the\n"
           "previous year, every driver moving at once (the tornado's elasticities hold the others).\n";
    head({ { "index HBM", 9 }, { "DRAM", 6 }, { "SSD", 6 }, { "tokens", 6 }, { "growth ratio HBM", 16 }, { "DRAM", 6 },
        { "SSD", 6 } });
    for (const auto& y : r.years) {
        out << std::left << std::setw(4) << y.year;
        int i = 0;
        for (double v : { y.index.hbm, y.index.dram, y.index.ssd, y.tokensIndex })
            col(ratioText(v), i++ ? 6 : 9);
        for (Tier t : kTiers)
            col(y.growthRatio ? ratioText((*y.growthRatio)[t]) : "-", t == Tier::Hbm ? 16 : 6);
        out << "\n";
    }
}

/// Per year and workload: its share of requests, requests and tokens per day, and each tier's
/// needed bytes per million tokens a day (which work is memory-hungry per token, and where).
void workloadTable(std::ostream& out, const OutlookResult& r, ByteUnits units)
{
    out << "\nPer workload: requests and tokens a day (requests × context, prompt and output), and each\n"
           "tier's needed bytes per million tokens a day (its intensity).\n";
    std::size_t idWidth = 8;
    for (const auto& y : r.years)
        for (const OutlookWorkloadYear& w : y.workloads)
            idWidth = std::max(idWidth, w.workload.size());
    auto col = [&](const std::string& text, int width) { out << "  " << std::right << std::setw(width) << text; };
    out << "year  " << std::left << std::setw(int(idWidth)) << "workload";
    for (const auto& [text, width] : { std::pair { "share", 6 }, { "requests/day", 14 }, { "tokens/day", 20 },
             { "HBM/(M tok/day)", 15 }, { "DRAM/(M tok/day)", 16 }, { "SSD/(M tok/day)", 15 } })
        col(text, width);
    out << "\n";
    for (const auto& y : r.years) {
        const auto row = [&](const std::string& name, double share, double requests, double tokens,
                             const OutlookTiers& intensity) {
            out << std::left << std::setw(4) << y.year << "  " << std::setw(int(idWidth)) << name;
            col(outlookPercentText(share), 6);
            col(formatCount(std::round(requests)), 14);
            col(outlookTokensText(tokens), 20);
            int i = 0;
            for (Tier t : kTiers)
                col(std::isfinite(intensity[t]) ? formatBytes(intensity[t], units) : "-", 15 + (i++ == 1));
            out << "\n";
        };
        for (const OutlookWorkloadYear& w : y.workloads)
            row(w.workload, w.share, w.requestsPerDay, w.tokensPerDay, w.intensity);
        row("all", 1, y.requestsPerSecond * 86400.0, y.tokensPerDay, y.intensity);
    }
}

/// An amount of a tier in the unit asked for: "3.75 EB" or "3e+10 Gb"; "-" where none.
std::string supplyAmount(double bytes, SupplyUnit unit, ByteUnits units)
{
    if (!std::isfinite(bytes))
        return "-";
    return unit == SupplyUnit::Gigabits ? formatSignificant(bytesToGigabits(bytes), 4) + " Gb"
                                        : formatBytes(bytes, units);
}

/// Stock and flow per year and tier against the year's bit supply.
void supplyTable(std::ostream& out, const OutlookResult& r, SupplyUnit unit, ByteUnits units)
{
    out << "\nSupply, stock and flow (" << kSupplyShareCaveat
        << ").\nInstalled: the fleet's bytes B (a stock); shipped: max(0, B − B the year before) + B the year\n"
           "before ÷ L, L = "
        << formatSignificant(r.serviceLifeYears.hbm, 3) << " / " << formatSignificant(r.serviceLifeYears.dram, 3)
        << " / " << formatSignificant(r.serviceLifeYears.ssd, 3)
        << " years (HBM / DRAM / NAND); supply: the industry's bits that year (the\n"
           "card's, else the built-in series; * an assumption past the last published year).\n";
    auto col = [&](const std::string& text, int width) { rightColumn(out, text, width); };
    out << "year  tier";
    for (const auto& [text, width] : { std::pair { "installed", 11 }, { "shipped", 11 }, { "supply", 12 },
             { "need ÷ supply", 13 }, { "shipped ÷ supply", 16 } })
        col(text, width);
    out << "\n";
    for (const auto& y : r.years)
        for (Tier t : kTiers) {
            const OutlookYearSupply& s = y.supply;
            out << std::left << std::setw(4) << y.year << "  " << std::setw(4) << supplyTierKey(t);
            col(supplyAmount(s.installed[t], unit, units), 11);
            col(s.shipments ? supplyAmount((*s.shipments)[t], unit, units) : "—", 11);
            col(supplyAmount(s.supply[t], unit, units)
                    + (s.origin[t] == SupplyOrigin::BuiltinAssumption ? "*"
                            : s.origin[t] == SupplyOrigin::Card       ? " (card)"
                                                                      : ""),
                12);
            col(std::isfinite(s.needShare[t]) ? outlookPercentText(s.needShare[t]) : "-", 13);
            col(std::isfinite(s.shipmentShare[t]) ? outlookPercentText(s.shipmentShare[t]) : "-", 16);
            out << "\n";
        }
}

/// Per year and accelerator vendor: GPUs and HBM installed and needed, and the vendor's
/// share of the year's GPUs.
void vendorTable(std::ostream& out, const OutlookResult& r, ByteUnits units)
{
    out << "\nBy accelerator vendor (the hardware cards' vendor; GPUs count every accelerator, TPUs and\n"
           "Trainium chips too; HBM in bytes, installed = GPUs × HBM per GPU, needed as above):\n";
    auto col = [&](const std::string& text, int width) { out << "  " << std::right << std::setw(width) << text; };
    out << "year  vendor ";
    for (const auto& [text, width] :
        { std::pair { "GPUs", 9 }, { "share of GPUs", 13 }, { "HBM inst.", 10 }, { "HBM need", 10 } })
        col(text, width);
    out << "\n";
    for (const auto& y : r.years)
        for (const OutlookVendorShare& v : y.vendors) {
            out << std::left << std::setw(4) << y.year << "  " << std::setw(7) << v.vendor;
            col(formatCount(v.gpus), 9);
            col(y.gpus > 0 ? outlookPercentText(v.gpus / y.gpus) : "-", 13);
            col(formatBytes(v.hbmInstalledBytes, units), 10);
            col(formatBytes(v.hbmBytes, units), 10);
            out << "\n";
        }
}

/// Per year and tier: needed, provisioned (what the profiles' systems are bought with) and
/// their ratio; the SSD's provisioned bytes include any context-memory flash.
void provisionTable(std::ostream& out, const OutlookResult& r, ByteUnits units)
{
    out << "\nProvisioned against needed (provisioned: each hardware profile's servers × what its system\n"
           "ships per GPU; needed: the working set as above). Systems:\n";
    std::map<std::string, std::string> systems;
    for (const auto& y : r.years)
        for (const OutlookProvision& p : y.provisions)
            systems[p.hardware] = p.system.empty() ? "its hardware card's server" : p.system;
    for (const auto& [hardware, system] : systems)
        out << "  " << hardware << " → " << system << "\n";
    auto col = [&](const std::string& text, int width) { out << "  " << std::right << std::setw(width) << text; };
    out << "year  tier";
    for (const auto& [text, width] :
        { std::pair { "needed", 10 }, { "provisioned", 11 }, { "prov. / need", 12 }, { "context flash", 13 } })
        col(text, width);
    out << "\n";
    for (const auto& y : r.years) {
        const OutlookTiers needed { y.hbmBytes, y.dramBytes, y.ssdBytes };
        const OutlookTiers provisioned { y.hbmInstalledBytes, y.dramInstalledBytes, y.nvmeInstalledBytes };
        for (Tier t : kTiers) {
            out << std::left << std::setw(4) << y.year << "  " << std::setw(4) << supplyTierKey(t);
            col(formatBytes(needed[t], units), 10);
            col(formatBytes(provisioned[t], units), 11);
            col(std::isfinite(y.provisionedOverNeeded[t]) ? formatSignificant(y.provisionedOverNeeded[t], 3) + "×"
                                                          : "-",
                12 + 1);
            if (t == Tier::Ssd) // the flash tier is part of the SSD's bytes only
                col(formatBytes(y.contextFlashBytes, units), 13);
            out << "\n";
        }
    }
}

/// Per year and accelerator memory generation: GPUs, HBM installed, needed and shipped, and
/// the shipments as a share of the year's HBM supply.
void generationTable(std::ostream& out, const OutlookResult& r, SupplyUnit unit, ByteUnits units)
{
    out << "\nHBM by generation (the hardware cards' hbm_generation; each generation's shipments from its own\n"
           "installed base, so a generation retired while another ships is replaced, and they can add up to\n"
           "more than the tier's; "
        << kSupplyShareCaveat << "):\n";
    auto col = [&](const std::string& text, int width) { rightColumn(out, text, width); };
    out << "year  generation";
    for (const auto& [text, width] : { std::pair { "GPUs", 9 }, { "HBM inst.", 11 }, { "HBM need", 11 },
             { "shipped", 11 }, { "shipped ÷ HBM supply", 20 } })
        col(text, width);
    out << "\n";
    for (const auto& y : r.years)
        for (const OutlookGenerationShare& g : y.generations) {
            out << std::left << std::setw(4) << y.year << "  " << std::setw(10) << g.generation;
            col(formatCount(g.gpus), 9);
            col(supplyAmount(g.hbmInstalledBytes, unit, units), 11);
            col(supplyAmount(g.hbmBytes, unit, units), 11);
            col(g.shipments ? supplyAmount(*g.shipments, unit, units) : "—", 11);
            const double supply = y.supply.supply.hbm;
            col(g.shipments && std::isfinite(supply) && supply > 0 ? outlookPercentText(*g.shipments / supply) : "-",
                20);
            out << "\n";
        }
}

std::string signedBytes(double delta, ByteUnits units)
{
    return (delta < 0 ? "-" : "+") + formatBytes(std::abs(delta), units);
}

/// Per tier, the drivers sorted by their effect on it.
void tornadoTable(std::ostream& out, const OutlookTornado& t, ByteUnits units)
{
    out << "\nWhat moves each tier in " << t.year << " (each driver moved ±" << percent(t.relativeRange)
        << " or one step, the others held; elasticity: ln(high ÷ low bytes) ÷ ln(high ÷ low value)):\n";
    // Columns as wide as their longest entry, counted in characters, not UTF-8 bytes
    // ("HBM→host" is eight characters and ten bytes).
    const auto width = [](const std::string& s) {
        return static_cast<std::size_t>(
            std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
    };
    const auto pad
        = [&](const std::string& s, std::size_t w) { return s + std::string(w - std::min(w, width(s)), ' '); };
    const auto lowEnd = [&](const OutlookTornadoBar& b, Tier tier) {
        return b.lowText + " " + (b.lowFeasible ? signedBytes(b.lowDelta[tier], units) : "(cannot size)");
    };
    const auto highEnd = [&](const OutlookTornadoBar& b, Tier tier) {
        return b.highText + " " + (b.highFeasible ? signedBytes(b.highDelta[tier], units) : "(cannot size)");
    };
    std::size_t labelWidth = 0, lowWidth = 0, highWidth = 0;
    for (Tier tier : kTiers)
        for (const auto& b : t.sortedFor(tier)) {
            labelWidth = std::max(labelWidth, width(b.label));
            lowWidth = std::max(lowWidth, width(lowEnd(b, tier)));
            highWidth = std::max(highWidth, width(highEnd(b, tier)));
        }
    for (Tier tier : kTiers) {
        out << "  " << tierLabel(tier) << " (" << formatBytes(t.base[tier], units) << "):\n";
        for (const auto& b : t.sortedFor(tier))
            out << "    " << pad(b.label, labelWidth) << "  low " << pad(lowEnd(b, tier), lowWidth) << "  high "
                << pad(highEnd(b, tier), highWidth) << "  elasticity " << ratioText(b.elasticity[tier]) << "\n";
    }
}

int cmdOutlook(const Command& command, const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, command.options, command.switches);
    if (!p.positional.empty())
        throw InputError("outlook: unexpected argument \"" + p.positional[0] + "\"");
    checkOutputFlags(p, "outlook", true);
    OutlookRun run;
    readOptions(p, outlookRunOptions(), run);
    const ByteUnits units = run.units;
    const OutlookCard card = resolveOutlookOrPreset(run.outlook);
    const OutlookResult r = computeOutlook(cardCatalog(), card);
    if (run.sources && !p.json && !p.csv) {
        out << "Outlook " << r.id << ": " << r.name << "\n"
            << "A scenario, not a forecast. Its sources, numbered as its years cite them:\n\n"
            << outlookSourcesText(r);
        return kExitOk;
    }
    if (p.csv) {
        out << outlookCsv(r, run.supplyUnit);
        return kExitOk;
    }
    const OutlookTornado t = outlookTornado(cardCatalog(), card, run.relativeRange);
    std::optional<OutlookDecomposition> d;
    if (run.decompose)
        d = decomposeOutlook(cardCatalog(), card);
    if (p.json) {
        out << outlookToJson(r, &t, d ? &*d : nullptr).dump(2) << "\n";
        return kExitOk;
    }
    out << "Outlook " << r.id << ": " << r.name << "\n"
        << "A scenario, not a forecast: every figure follows from the card's inputs.\n"
        << "Each year: one fleet per server profile, each workload sized for its targets; needed bytes as\n"
        << "`kvtiers fleet` counts them, installed = what the fleet's systems provision (each profile's\n"
        << "system card, else its hardware card's server).\n\n";
    if (!r.warnings.empty()) {
        out << "Warnings\n";
        for (const std::string& w : r.warnings)
            out << "  - " << w << "\n";
        out << "\n";
    }
    yearTable(out, r, units);
    workloadTable(out, r, units);
    vendorTable(out, r, units);
    provisionTable(out, r, units);
    supplyTable(out, r, run.supplyUnit, units);
    generationTable(out, r, run.supplyUnit, units);
    tornadoTable(out, t, units);
    if (d)
        out << "\n" << outlookDecompositionText(*d);
    return kExitOk;
}

std::string outlookOptionLines()
{
    return optionHelp(outlookRunOptions());
}

std::string outlookFlag(std::string_view key)
{
    return optionFlagOf(outlookRunOptions(), key);
}

} // namespace

OutlookCard resolveOutlookOrPreset(const std::string& arg)
{
    try {
        return cardCatalog().resolveOutlook(arg);
    } catch (const InputError&) {
        const PresetStore store;
        if (const OutlookPreset* saved = store.findOutlook(arg))
            return saved->outlook;
        throw;
    }
}

const Command kOutlookCommand = { "outlook",
    "  kvtiers outlook " + optionSynopsis(optionSpecs(outlookRunOptions()), 16) + " [--json|--csv]\n"
        + "                HBM, DRAM and SSD by year for an outlook card (default: steady): GPUs, servers,\n"
          "                installed and needed bytes, each tier's index and growth ratio, the last year's\n"
          "                driver tornado with each driver's elasticity (each driver moved by ± "
        + outlookFlag("relative_range") + "); decimal units (PB, EB) unless\n                " + outlookFlag("units")
        + " binary. A scenario, not a forecast. --csv: one row per year, bytes as\n"
          "                exact numbers. "
        + outlookFlag("sources")
        + ": the sources, numbered, each with the figures it\n"
          "                gives. "
        + outlookFlag("decompose")
        + ": each tier's growth split into one factor per driver\n"
          "                group (tokens, mix, context, reuse, KV format, architecture, hardware, targets).\n"
          "                SAVED: an outlook saved with kvtiers preset save NAME "
        + outlookFlag("outlook") + "\n                ID|FILE\n",
    optionFlags(optionSpecs(outlookRunOptions()), false), cmdOutlook,
    optionFlags(optionSpecs(outlookRunOptions()), true), outlookOptionLines };

} // namespace kvtiers::cli
