#pragma once
// Outlook: memory demand by year (docs/model.md, "Outlook"). Each year of an outlook card
// is sized as one fleet per server profile (sizeFleetProfiles, Fleet.h): each workload's
// traffic split by the hardware shares, with its own knob overrides and targets; the
// year's figures are the sums. Per year: GPUs, servers, HBM/DRAM/NVMe installed and
// needed, each tier's index against the first year and its growth ratio against the
// previous one, Δln(tier bytes) / Δln(tokens per day) with every driver moving at once (not
// an elasticity: the tornado's bars give those, one driver at a time), and the share of the industry's
// bit supply where the card gives it.
//
// The driver tornado moves one driver of the last year at a time, low and high, the
// others held, re-sizes that year and sorts the bars by their effect on a tier, as the
// sensitivity engine does (Sensitivity.h: movedValue, the knob table's sweeps).

#include "core/analysis/Fleet.h"
#include "core/analysis/OutlookSplits.h"
#include "core/analysis/OutlookSupply.h"
#include "core/analysis/Sensitivity.h"
#include "core/cards/OutlookCard.h"
#include "core/cards/Tier.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/Options.h"
#include "core/io/Units.h"
#include "core/scenario/Knobs.h"

#include <array>
#include <atomic>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace kvtiers {

/// What `kvtiers outlook` is asked: which outlook, the units of its tables and the
/// tornado's range. Its option table (outlookRunOptions) gives the flags, the help and the
/// one range check.
struct OutlookRun {
    std::string outlook = "steady"; ///< a built-in id, an outlook file or a saved outlook's name
    ByteUnits units = ByteUnits::Decimal;
    double relativeRange = kDefaultSensitivityRange; ///< each tornado driver moved by ± this share
    bool sources = false;                            ///< print the card's sources, each with the figures it gives
    bool decompose = false;                          ///< print (or, with --json, add) the growth decomposition
    SupplyUnit supplyUnit = SupplyUnit::Bytes;       ///< stock, flow and supply in bytes or gigabits
};

/// `--outlook`, `--units`, `--range`, `--sources`, `--decompose`, `--supply-unit`.
std::span<const Option<OutlookRun>> outlookRunOptions();

/// Where a year's supply figure for a tier comes from.
enum class SupplyOrigin {
    None,              ///< neither the card nor the built-in series gives one
    Card,              ///< the outlook card's own
    Builtin,           ///< the built-in series, a published figure
    BuiltinAssumption, ///< the built-in series, an assumption past the last published year
};

/// A year's stock and flow per tier. Installed is the fleet's stock B; shipments the flow
/// max(0, B − B before) + B before ÷ L; need and shipments as shares of the year's supply,
/// always read with kSupplyShareCaveat.
struct OutlookYearSupply {
    OutlookTiers installed;                ///< HBM, server DRAM, NVMe installed (bytes)
    std::optional<OutlookTiers> shipments; ///< bytes; absent in the first year
    OutlookTiers supply;                   ///< the year's bit supply in bytes; NaN where none
    PerTier<SupplyOrigin> origin { SupplyOrigin::None, SupplyOrigin::None, SupplyOrigin::None };
    OutlookTiers needShare;     ///< needed bytes ÷ supply; NaN where no supply
    OutlookTiers shipmentShare; ///< shipments ÷ supply; NaN where no supply or in the first year
};

/// One workload's traffic and need in a year, summed over every hardware profile and every
/// model it runs on (its MLA and hybrid variants included): which work is memory-hungry per
/// token, in which tier.
struct OutlookWorkloadYear {
    std::string workload; ///< its id, as the year's mix names it
    double share = 0;     ///< its share of the year's requests
    double requestsPerDay = 0;
    double tokensPerDay = 0; ///< requests × its context (prompt + output), as the fleet converts tokens
    OutlookTiers bytes;      ///< its part of the year's needed bytes
    /// Needed bytes per million tokens a day: bytes ÷ (tokens per day ÷ 10⁶); NaN without tokens.
    OutlookTiers intensity;
};

/// Tokens a day the intensity counts per: a million.
inline constexpr double kIntensityTokensPerDay = 1e6;
/// Bytes ÷ (tokens per day ÷ 10⁶); NaN where there are no tokens.
double outlookIntensity(double bytes, double tokensPerDay);

struct OutlookYearResult {
    int year = 0;
    double tokensPerDay = 0;
    double requestsPerSecond = 0;
    double gpus = 0, servers = 0;
    double hbmInstalledBytes = 0, hbmBytes = 0;   ///< installed: GPUs × HBM per GPU; needed: demand
    double dramInstalledBytes = 0, dramBytes = 0; ///< installed: servers × host DRAM per server
    double nvmeInstalledBytes = 0, ssdBytes = 0;  ///< installed: servers × NVMe per server
    /// Installed is what the fleet's systems provision (OutlookProvision): per profile, its
    /// system's attach where the card names one, else its hardware card's server. The SSD's
    /// includes this context-memory flash.
    double contextFlashBytes = 0;
    std::vector<OutlookProvision> provisions; ///< one per fleet, in order
    /// Provisioned ÷ needed per tier (HBM, DRAM, SSD); NaN where nothing is needed.
    OutlookTiers provisionedOverNeeded;
    OutlookTiers index;     ///< needed bytes ÷ the first year's
    double tokensIndex = 1; ///< tokens per day ÷ the first year's
    /// The year-on-year growth ratio: Δln(needed bytes) / Δln(tokens per day) from the
    /// previous year, every driver moving at once; absent in the first year, and a tier's NaN
    /// where either year needs none of it or tokens did not change.
    std::optional<OutlookTiers> growthRatio;
    /// Stock and flow against the industry's bit supply (OutlookSupply.h).
    OutlookYearSupply supply;
    std::vector<FleetProfile> hardware;      ///< the profiles, as the card gives them
    std::vector<FleetResult> fleets;         ///< one per profile with a share above 0, in order
    std::vector<OutlookVendorShare> vendors; ///< by accelerator vendor, in name order (outlookVendorShares)
    /// HBM by memory generation, in name order (outlookGenerationShares); shipments are set
    /// by computeOutlook, which knows the year before.
    std::vector<OutlookGenerationShare> generations;
    /// Per workload of the year's mix, in its order: requests and tokens per day, needed bytes
    /// and their intensity. The workloads' bytes add up to the year's needed bytes.
    std::vector<OutlookWorkloadYear> workloads;
    /// The year's needed bytes per million tokens a day.
    OutlookTiers intensity;
};

/// The year's workloads (OutlookYearResult::workloads) from its fleets: each entry's requests,
/// tokens (requests × context) and bytes, summed per workload over profiles and variants.
std::vector<OutlookWorkloadYear> outlookWorkloadYears(const OutlookYearResult& year);

struct OutlookResult {
    std::string id, name, status;
    std::vector<OutlookYearResult> years;
    std::vector<OutlookSource> sources;                    ///< the card's, in its order
    std::vector<std::vector<OutlookSourceUse>> sourceUses; ///< per source, the figures citing it
    PerTier<double> serviceLifeYears { 5, 5, 5 };          ///< L per tier (the built-in series')
    /// A card's supply figure 4–16× (or 1/16–1/4×) the built-in one: "years[1] (2027):
    /// supply.dram: ... looks like bits written as bytes".
    std::vector<std::string> warnings;
};

/// Checks the card against the catalog: every workload, override key, model and hardware
/// id exists. Throws InputError naming the field and the year.
void validateOutlook(const CardCatalog& catalog, const OutlookCard& card);

/// The override key that switches a workload's model card for a year (`"model": "kimi-k2"`):
/// a card id or file, not a knob; the other keys of the same object are knob overrides.
inline constexpr const char* kOutlookModelKey = "model";

/// One mix entry's scenario in a year: the workload, its knob overrides and, if the year
/// switches it, the model (kOutlookModelKey taken out of the overrides). No hardware.
ScenarioSpec outlookEntrySpec(const OutlookYear& year, const std::string& workload);

/// The fleet input of one year (before the split by hardware): its mix with overrides
/// and targets, tokens per day and default targets. Each entry's spec names no hardware.
FleetInput outlookFleetInput(const OutlookYear& year);

/// The model a mix entry runs on that year: the year's "model" override, else its workload card's.
std::string outlookEntryModel(const CardCatalog& catalog, const OutlookYear& year, const std::string& workload);

/// outlookFleetInput with the year's variant shares applied: each entry whose model has
/// variants is served by the model (1 − mla − hybrid of its requests), its MLA variant and
/// its hybrid variant, three entries of one label whose shares add up to the workload's, so
/// every workload's share of requests stays as the year gives it. A part with no share is
/// left out (the model's own part always stays: the tornado reads its scenario).
FleetInput outlookVariantFleetInput(
    const CardCatalog& catalog, const OutlookYear& year, const OutlookVariants& variants);

/// Sizes one year (a year driven by demand resolved first, resolveOutlookDemand). Throws
/// InputError (a target that cannot be met) naming the year.
/// `memo` (Fleet.h), if given, remembers the concurrency searches across calls; `variants`
/// (the card's) apply the year's variant shares.
OutlookYearResult sizeOutlookYear(const CardCatalog& catalog, const OutlookYear& year, FleetSizingMemo* memo = nullptr,
    const OutlookVariants& variants = {});

/// Sizes every year and derives the indices, elasticities and supply shares, the years
/// sharing one FleetSizingMemo. Throws InputError naming the field and the year.
OutlookResult computeOutlook(const CardCatalog& catalog, const OutlookCard& card);

// ---- Which driver moves each tier: the last year's tornado.

enum class OutlookDriver {
    Tokens,             ///< tokens per day × (1 ± range)
    Context,            ///< one workload's context × (1 ± range)
    MixShare,           ///< one workload's share × (1 ± range), the others rescaled to sum to 1
    KvBits,             ///< every workload's KV format one step along 4, 8, 16, 32 bits
    MlaShare,           ///< the share of requests on MLA or hybrid models × (1 ± range), moved by
                        ///< swapping models for their variants (the workloads' shares stay)
    Reuse,              ///< every workload's prefix-cache hit rate ± range × 50 points
    HardwareGeneration, ///< every profile one generation back / forward (outlookHardwareLadder)
    TtftTarget,         ///< every TTFT target × (1 ± range)
    OffloadRate,        ///< every workload's offload rate ± range × 50 points
};

struct OutlookTornadoBar {
    OutlookDriver driver = OutlookDriver::Tokens;
    std::string workload;     ///< Context and MixShare: the workload moved (its id); empty otherwise
    std::string workloadName; ///< that workload's card name ("Chat"); the id for a card without one
    std::string key;          ///< "tokens_per_day", "context:chat", "share:chat", "kv_bits", ...
    std::string label;        ///< English, with the card's name: "Context of Chat"
    double baseValue = 0, lowValue = 0, highValue = 0; ///< the driver's value (hardware: ladder position)
    std::string lowText, highText;                     ///< the ends as written: "2.4e14 tokens/day", "h100-sxm"
    OutlookTiers low, high;                            ///< needed bytes at each end (zero where infeasible)
    OutlookTiers lowDelta, highDelta;
    bool lowFeasible = true, highFeasible = true;
    std::string lowError, highError; ///< why an end cannot be sized
    /// The partial elasticity, the others held: ln(high ÷ low bytes) / ln(high ÷ low value)
    /// per tier; NaN where an end cannot be sized, a tier needs none at an end, or the
    /// driver has no numeric value (the hardware generation) or does not move.
    OutlookTiers elasticity;
    /// The bar's effect on a tier: the largest |delta| over its feasible ends.
    double effect(Tier tier) const;
};

struct OutlookTornado {
    int year = 0;
    double relativeRange = kDefaultSensitivityRange;
    OutlookTiers base;                   ///< the last year's needed bytes
    std::vector<OutlookTornadoBar> bars; ///< in driver order (unsorted)
    /// The bars sorted by their effect on `tier`, largest first.
    std::vector<OutlookTornadoBar> sortedFor(Tier tier) const;
};

/// The last year's tornado over every driver, its ends sharing one FleetSizingMemo (most
/// ends move the traffic or a target, not the scenario). Throws InputError only if the
/// base year cannot be sized or the catalog's generation ladder is ambiguous
/// (outlookHardwareLadder); an end that cannot be sized keeps its message in its bar.
OutlookTornado outlookTornado(
    const CardCatalog& catalog, const OutlookCard& card, double relativeRange = kDefaultSensitivityRange);

/// The hardware generation ladder, as the tornado moves a year's hardware: the catalog's
/// hardware ids per line of their `generation` field (docs/cards.md), each line older to
/// newer (A100 → H100 → H200 → B200 → B300; MI300X → MI325X → MI355X), lines by name. Throws
/// InputError naming both cards and their generation.order where two share a place in a line.
std::vector<std::vector<std::string>> outlookHardwareLadder(const CardCatalog& catalog);

// ---- The drivers' words: one table for the CLI, the JSON and the chart.

/// A driver's key and label. A driver that is a knob takes the knob's key and its
/// sensitivity label (core/scenario/Knobs.cpp, translatable in context "Knob"); the others
/// have their own here (context "OutlookDriver"). A driver moved per workload (Context,
/// MixShare) writes its key as "key:workload" and its label through `perWorkload`.
struct OutlookDriverText {
    OutlookDriver driver;
    std::optional<KnobId> knob; ///< the knob the driver is, if it is one
    const char* key;            ///< its own key; nullptr where it is a knob
    const char* label;          ///< its own label (QT_TRANSLATE_NOOP("OutlookDriver")); nullptr where it is a knob
    const char* perWorkload;    ///< "%1 of %2" (label, workload) or "Share of %1" (workload); nullptr: one bar
};

/// The table, one entry per OutlookDriver in the enum's order.
std::span<const OutlookDriverText> outlookDriverTexts();
const OutlookDriverText& outlookDriverText(OutlookDriver driver);
/// The driver's key as results write it: "tokens_per_day", "context:chat", "share:chat".
std::string outlookDriverKey(OutlookDriver driver, const std::string& workload = {});

/// How a front end words a table's text: (context, English source) → its text. The CLI
/// passes none and prints the English; the GUI passes QCoreApplication::translate.
using TextLookup = std::string (*)(const char* context, const char* source);

/// Tokens per day as the Outlook writes them, so "T" never reads as terabytes: "210
/// trillion/day", "2,100 trillion/day" (three significant digits; Korean through `lookup`,
/// context "OutlookText": 조, which is a trillion); below a trillion, "850,000,000 tokens/day".
std::string outlookTokensText(double tokensPerDay, TextLookup lookup = nullptr);
/// A share or rate as the Outlook writes it: "43.1%" (three significant digits).
std::string outlookPercentText(double share);

/// The driver's label: "Tokens per day", "Average input context of Chat", "Share of Chat",
/// each part looked up through `lookup` (none: the English). `workloadName` names the
/// workload of a per-workload driver.
std::string outlookDriverLabel(OutlookDriver driver, const std::string& workloadName, TextLookup lookup = nullptr);

// ---- Which driver group made each tier grow: a Shapley split of the index.

/// The driver groups of the decomposition, each a set of a year's fields (outlookGroupOfKey).
enum class OutlookGroup {
    Tokens,       ///< tokens per day
    Mix,          ///< the workloads' shares of requests
    Context,      ///< each workload's context and output (and any knob not named below)
    Reuse,        ///< reuse and retention: hit rate, reuse gaps, offload, admission
    KvFormat,     ///< the KV cache's element format
    Architecture, ///< the model a workload runs on (MLA, hybrid, sliding window)
    Hardware,     ///< the hardware mix and what each server carries (per GPU)
    Targets,      ///< the year's and each workload's latency targets
};
inline constexpr int kOutlookGroupCount = 8;

/// The group's key ("tokens", "mix", "context_output", "reuse_retention", "kv_format",
/// "architecture", "hardware", "targets") and its English label (context "OutlookGroup").
const char* outlookGroupKey(OutlookGroup group);
const char* outlookGroupLabel(OutlookGroup group);
/// The group a workload override key belongs to ("kv_bits" → KvFormat, "model" → Architecture).
OutlookGroup outlookGroupOfKey(const std::string& key);

/// The year `last` with only the groups in `fromLast` (bit i: OutlookGroup i) taken from it,
/// every other driver as `first` sets it: a coalition of the decomposition.
OutlookYear outlookCoalitionYear(const OutlookYear& first, const OutlookYear& last, unsigned fromLast);

struct OutlookDecomposition {
    int firstYear = 0, lastYear = 0;
    OutlookTiers index;                                  ///< last year's needed bytes ÷ the first's
    std::array<OutlookTiers, kOutlookGroupCount> factor; ///< per group and tier; per tier they multiply to the index
    std::array<bool, kOutlookGroupCount> changed {};     ///< whether the group's drivers differ between the years
    int coalitions = 0;                                  ///< how many years were sized
    /// Coalitions sized with their latency targets relaxed (no replica of their hardware meets
    /// them): the groups taken from the last year (bit i: OutlookGroup i) and the factor.
    struct Relaxed {
        unsigned groups = 0;
        double factor = 1;           ///< the targets' multiple (1: as the years set them)
        bool onLastHardware = false; ///< served on the last year's hardware: the first year's cannot
    };
    std::vector<Relaxed> relaxed;
    /// Why a tier has no split (NaN factors): a coalition needs none of it.
    PerTier<std::string> missing;
};

/// Splits each tier's first-to-last-year index into one factor per group: the Shapley
/// value of ln(needed bytes) over the groups that change, each coalition the last year with
/// the other groups at their first-year values (outlookCoalitionYear). An unchanged group's
/// factor is exactly 1. A coalition whose targets its hardware cannot meet is sized with
/// every target relaxed by the least power of two (up to 16) that sizes, and failing that on
/// the last year's hardware (`relaxed` lists them). Throws InputError naming a coalition
/// that cannot be sized even so.
OutlookDecomposition decomposeOutlook(
    const CardCatalog& catalog, const OutlookCard& card, const std::atomic<bool>* cancel = nullptr);

/// The thesis in one sentence from the numbers: which tier grows fastest and which group
/// contributes most to it, worded through `lookup` (context "OutlookGroup"; none: English).
std::string outlookThesis(const OutlookDecomposition& d, TextLookup lookup = nullptr);

/// Whether a model keeps less KV than full attention on every layer: MLA (a latent KV)
/// or hybrid (some layers linear, state-space or sliding-window).
bool isMlaOrHybrid(const ModelCard& model);

} // namespace kvtiers
