#pragma once
// OutlookCard: a list of years of inference traffic (docs/model.md, "Outlook"): tokens per
// day, the workload mix, the server profiles, the latency targets, per-workload knob
// overrides and, optionally, the industry's bit supply. Built-in cards live in
// models/outlooks/; any user file of the same form is read the same way.
//
// The reader checks the card's own form (fields, types, ranges, shares summing to 1,
// years strictly increasing, a source for every figure a year sets); whether its
// workload and hardware ids exist is checked against a catalog by validateOutlook()
// (core/analysis/Outlook.h). Every message names the field and, inside a year, the year:
// `outlook.json: years[2] (2028): mix: shares sum to 0.9, not 1`.

#include "core/cards/LatencyTargets.h"
#include "core/cards/Source.h"
#include "core/cards/Tier.h"
#include "core/io/Json.h"
#include "core/io/Options.h"

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kvtiers {

/// The unit of a bit-supply figure: decimal bytes, or gigabits as the memory industry
/// reports them (1 Gb = 10⁹ bits = 1.25 × 10⁸ bytes).
enum class SupplyUnit { Bytes, Gigabits };
/// "bytes" or "Gb", as a card writes its unit.
const char* supplyUnitKey(SupplyUnit unit);
/// Gigabits = bytes × 8 ÷ 10⁹, exactly so.
double bytesToGigabits(double bytes);
/// Bytes = gigabits × 10⁹ ÷ 8.
double gigabitsToBytes(double gigabits);
/// A tier's key in a supply object: "hbm", "dram", and "nand" for the SSD (the bits the
/// flash makers ship).
const char* supplyTierKey(Tier tier);

/// One cited source of an outlook's figures (an assumption's title starts "Assumption:").
using OutlookSource = Source;

/// One workload of a year's mix: its share of requests and, optionally, its own targets. A
/// year driven by demand (OutlookYear::drivenByDemand) gives each workload's requests a day,
/// or its sessions a day and requests per session, instead of a share: the share is then
/// its part of the year's requests, and the year's tokens per day an output.
struct OutlookMixEntry {
    std::string workload;                        ///< a workload id (or file)
    double share = 0;                            ///< share of requests; a year's shares sum to 1
    LatencyTargets targets;                      ///< its own, each figure optional
    std::optional<double> requestsPerDay {};     ///< demand: requests a day
    std::optional<double> sessionsPerDay {};     ///< demand: sessions a day (with requestsPerSession)
    std::optional<double> requestsPerSession {}; ///< requests (turns) per session
    /// Whether the entry gives its demand rather than a share.
    bool hasDemand() const { return requestsPerDay.has_value() || sessionsPerDay.has_value(); }
    /// Its requests a day: requestsPerDay, or sessions × requests per session; 0 without demand.
    double demandRequestsPerDay() const;
    bool operator==(const OutlookMixEntry&) const = default;
};

/// One server profile of a year: a hardware id and its share of the traffic.
struct OutlookHardwareShare {
    std::string hardware;
    double share = 1;
    bool operator==(const OutlookHardwareShare&) const = default;
};

struct OutlookYear {
    int year = 0;
    /// Prompt (cached or not) + output tokens, all workloads. In a year driven by demand, an
    /// output: Σ requests × context over the mix, filled by resolveOutlookDemand
    /// (core/analysis/Outlook.h) once the workloads' contexts are known; 0 until then.
    double tokensPerDay = 0;
    std::vector<OutlookMixEntry> mix;
    std::vector<OutlookHardwareShare> hardware; ///< shares sum to 1
    /// The year's default targets, every figure set (kDefaultTargets' where not given).
    LatencyTargets targets = kDefaultTargets;
    /// Knob overrides per workload id, keys as workload cards write them (context, kv_bits, ...),
    /// and "model": the model card the workload runs on that year (an id or file).
    std::map<std::string, Json> workloads;
    /// Bytes the industry ships that year, per tier where the card gives it (the SSD's is
    /// written "nand": the bits the flash makers ship), read from "supply" in its unit.
    PerTier<std::optional<double>> supply;
    /// The unit the card wrote its supply in (the reader requires one), so it is written back so.
    SupplyUnit supplyUnit = SupplyUnit::Bytes;
    /// Of each workload's requests whose model has variants (OutlookCard::variants), the
    /// share its MLA variant and its hybrid variant serve ("variant_share"); the rest stay
    /// on the model itself. The workloads' request shares do not move.
    double mlaVariantShare = 0, hybridVariantShare = 0;
    std::map<std::string, int> sources; ///< figure → index into OutlookCard::sources
    /// Whether each workload gives its requests or sessions a day (no tokens_per_day): the
    /// demand sets the mix's shares and, with the contexts, the year's tokens.
    bool drivenByDemand() const { return !mix.empty() && mix.front().hasDemand(); }
    bool operator==(const OutlookYear&) const = default;
};

/// An outlook's name and notes in another language (the card's own are English).
struct OutlookText {
    std::string name, notes; ///< empty: the English one stands
    bool operator==(const OutlookText&) const = default;
};

/// A model's MLA and hybrid variants: cards of the same weights and FLOPs with the KV format
/// replaced (models/models/*-mla-variant.json, *-hybrid-variant.json), named per model id.
struct OutlookModelVariants {
    std::string mla, hybrid;
    bool operator==(const OutlookModelVariants&) const = default;
};
using OutlookVariants = std::map<std::string, OutlookModelVariants>;

struct OutlookCard {
    std::string id, name;
    std::string origin;              ///< the file it was read from (messages name it); not written out
    std::string status = "scenario"; ///< an outlook is a scenario, never a forecast
    std::string notes;
    std::vector<OutlookSource> sources;
    std::vector<OutlookYear> years; ///< strictly increasing, at least one
    /// Per model id, its MLA and hybrid variants: where a year's variant_share moves that
    /// model's requests (the MLA/hybrid driver swaps models, never the mix).
    OutlookVariants variants;
    /// Per hardware id, the system (models/systems/) its servers ship as: the Outlook counts
    /// what that system provisions per GPU beside what the working set needs. A profile
    /// whose hardware names none provisions its hardware card's server.
    std::map<std::string, std::string> systems;
    /// By language code ("ko"): the name and notes a UI in that language shows.
    std::map<std::string, OutlookText> translations;

    /// The name and notes for a UI in `language` ("ko", "en"): the translation where the card
    /// gives one, else the English.
    const std::string& nameIn(const std::string& language) const;
    const std::string& notesIn(const std::string& language) const;
};

/// A figure a year cites a source for: the year and the figure's key ("tokens_per_day").
struct OutlookSourceUse {
    int year = 0;
    std::string figure;
    bool operator==(const OutlookSourceUse&) const = default;
};

/// For each of the card's sources, in its order, the figures that cite it, year by year.
std::vector<std::vector<OutlookSourceUse>> outlookSourceUses(const OutlookCard& card);
/// The source a year's figure cites (its index into the card's sources), if it cites one.
std::optional<int> outlookFigureSource(const OutlookYear& year, const std::string& figure);
/// Whether a source is the card's own assumption: its title starts "Assumption:".
bool isAssumption(const OutlookSource& source);

/// Every field equal, the origin included (an edit that changes nothing is no undo step).
bool operator==(const OutlookCard& a, const OutlookCard& b);

/// The option table of a year's drivers (core/io/Options.h), as the Outlook tab edits them
/// and the reader checks them: tokens per day, the year's TTFT and TPOT targets and their
/// percentiles, a workload's share of requests (kOutlookShareKey: each mix entry's, no one
/// field) and a hardware profile's share of traffic (kOutlookHardwareShareKey: each
/// profile's). None has a CLI flag: `kvtiers outlook` reads a card, not drivers.
std::span<const Option<OutlookYear>> outlookYearOptions();
/// The share entry's key: an error about a mix share names it.
inline constexpr const char* kOutlookShareKey = "share";
/// A mix entry's demand keys, in a year driven by demand.
inline constexpr const char* kOutlookRequestsPerDayKey = "requests_per_day";
inline constexpr const char* kOutlookSessionsPerDayKey = "sessions_per_day";
inline constexpr const char* kOutlookRequestsPerSessionKey = "requests_per_session";
/// The hardware share's key: an error about a profile's share of traffic names it.
inline constexpr const char* kOutlookHardwareShareKey = "hardware_share";
/// Checks a year's drivers against the table: every bound figure, each mix share and each
/// hardware share. Throws a coded InputError whose `where` is the option's key, for a front
/// end to word.
void validateOutlookYear(const OutlookYear& year);

/// The title of the source a figure cites once it is edited in the Outlook tab where the
/// card cites none for it (a year that set no workload overrides gains one).
inline constexpr const char* kOutlookEditSourceTitle = "Assumption: drivers set in the Outlook tab";
/// Makes year `index` cite a source for `figure` ("workloads"), so the card reads again:
/// the one it cites, else kOutlookEditSourceTitle's, added to the card's sources once.
void citeOutlookEdit(OutlookCard& card, size_t index, const std::string& figure);

/// What a card's figures are in, as its JSON export says on a "_units" line (the reader skips
/// "_" keys, so the file opens again).
const char* outlookCardUnitsNote();

/// Reads an outlook card. Throws InputError naming `origin`, the field and the year.
OutlookCard parseOutlookCard(const Json& json, const std::string& origin);
/// The same from text (strict JSON).
OutlookCard loadOutlookCard(std::string_view text, const std::string& origin);
/// The card as JSON, in the form it is read from (presets, the GUI's saved outlooks).
Json outlookCardToJson(const OutlookCard& card);

} // namespace kvtiers
