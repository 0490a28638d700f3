#include "ui/fleet/FleetDocument.h"

#include "core/analysis/FleetOptions.h"
#include "ui/common/DisplayOptions.h"
#include "ui/text/UnitsText.h"

#include <algorithm>

namespace kvtiers::ui {

double fleetOptionDefault(const char* key)
{
    return optionDefault(fleetOption(key)).value_or(0);
}

namespace {

/// The CLI's example mix, so the tab opens on an answer rather than a blank form.
FleetInputs exampleInputs(const CardCatalog& catalog)
{
    FleetInputs in;
    for (const auto& [id, share] : { std::pair<std::string, double> { "chat", 0.7 }, { "mooncake", 0.3 } })
        if (catalog.workloads().count(id))
            in.mix.push_back({ id, share });
    if (in.mix.empty() && !catalog.workloads().empty())
        in.mix.push_back({ catalog.workloads().begin()->first, 1.0 });
    return in;
}

} // namespace

FleetDocument::FleetDocument(const CardCatalog& catalog, QObject* parent)
    : Document(EvaluationMode::GuiThread, exampleInputs(catalog), parent)
    , m_catalog(catalog)
{
}

FleetInput FleetDocument::fleetInput(const FleetInputs& inputs)
{
    FleetInput in;
    for (const FleetMixRow& row : inputs.mix) {
        FleetEntry e;
        e.label = row.workload;
        e.share = row.share;
        e.spec.workload = row.workload;
        e.spec.hardware = inputs.hardware; // one server profile for the whole mix
        in.mix.push_back(std::move(e));
    }
    (inputs.rateUnit == FleetRateUnit::TokensPerDay ? in.tokensPerDay : in.requestsPerSecond) = inputs.rate;
    in.targets = { .ttftSeconds = inputs.ttftSeconds,
        .ttftPercentile = inputs.ttftPercentile,
        .tpotSeconds = inputs.tpotMilliseconds / 1000.0,
        .tpotPercentile = inputs.tpotPercentile,
        .tbtSeconds = {},
        .tbtPercentile = {} };
    if (inputs.disaggregated) { // the choices are refused on a colocated fleet, as the CLI refuses them
        in.disaggregated = true;
        in.firstTokenAt = inputs.layout.firstToken;
        in.transferOverlap = inputs.layout.transferOverlap;
        in.cacheAt = inputs.layout.cacheAt;
    }
    return in;
}

const FleetResult* FleetDocument::sizing() const
{
    return hasResult() && errorMessage().isEmpty() ? &result() : nullptr;
}

std::pair<double, double> FleetDocument::rateRange(FleetRateUnit unit)
{
    const auto& o
        = fleetOption(unit == FleetRateUnit::TokensPerDay ? fleet_keys::kTokensPerDay : fleet_keys::kRequestsPerSecond);
    return { o.min, o.max };
}

FleetResult FleetDocument::compute(const FleetInputs& inputs, const ComputeControl&)
{
    return sizeFleet(m_catalog, fleetInput(inputs));
}

void FleetDocument::change(const FleetInputs& next)
{
    if (next == input())
        return;
    std::string key;
    const QString text = changeText(input(), next, &key);
    edit(next, text, key);
}

QString FleetDocument::changeText(const FleetInputs& before, const FleetInputs& now, std::string* key) const
{
    // The step's words name what changed (Edit > Undo <text>); the merge key keeps a spin
    // box's run of steps, or a share typed digit by digit, one step.
    const auto& was = before.mix;
    const auto& is = now.mix;
    auto sameIds = [](const auto& a, const auto& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end(),
            [](const auto& x, const auto& y) { return x.workload == y.workload; });
    };
    if (is.size() == was.size() + 1 && std::equal(was.begin(), was.end(), is.begin()))
        return tr("Add workload %1").arg(qs(is.back().workload));
    if (is.size() + 1 == was.size()) {
        size_t gone = 0;
        while (gone < is.size() && is[gone] == was[gone])
            ++gone;
        return tr("Remove workload %1").arg(qs(was[gone].workload));
    }
    if (is != was && sameIds(is, was)) {
        size_t row = 0;
        while (is[row] == was[row])
            ++row;
        *key = "share:" + std::to_string(row);
        return tr("Change the share of %1").arg(qs(is[row].workload));
    }
    if (is != was)
        return tr("Replace the traffic mix");
    if (now.rateUnit != before.rateUnit && now.rate != before.rate)
        return tr("Change request rate");
    if (now.rateUnit != before.rateUnit) {
        *key = "rateUnit";
        return tr("Change the rate unit");
    }
    if (now.rate != before.rate) {
        *key = "rate";
        return tr("Change request rate");
    }
    if (now.hardware != before.hardware) {
        *key = "hardware";
        const auto card = m_catalog.hardware().find(now.hardware); // its name, as the picker shows it
        const bool named = card != m_catalog.hardware().end() && !card->second.name.empty();
        return tr("Change server profile to %1").arg(qs(named ? card->second.name : now.hardware));
    }
    if (now.disaggregated != before.disaggregated)
        return now.disaggregated ? tr("Split prefill and decode") : tr("Colocate prefill and decode");
    if (now.layout.firstToken != before.layout.firstToken) {
        *key = "firstToken";
        return tr("Change where the first token comes from");
    }
    if (now.layout.transferOverlap != before.layout.transferOverlap) {
        *key = "overlap";
        return tr("Change the transfer overlap");
    }
    if (now.layout.cacheAt != before.layout.cacheAt) {
        *key = "cacheAt";
        return tr("Change where the prefix cache lives");
    }
    if (now.ttftSeconds != before.ttftSeconds && now.tpotMilliseconds != before.tpotMilliseconds)
        return tr("Change the latency targets");
    if (now.ttftSeconds != before.ttftSeconds) {
        *key = "ttft";
        return tr("Change TTFT target");
    }
    if (now.ttftPercentile != before.ttftPercentile) {
        *key = "ttftPercentile";
        return tr("Change TTFT percentile");
    }
    if (now.tpotPercentile != before.tpotPercentile) {
        *key = "tpotPercentile";
        return tr("Change time-per-output-token percentile");
    }
    *key = "tpot";
    return tr("Change time-per-output-token target");
}

void FleetDocument::setMix(const std::vector<std::pair<std::string, double>>& mix)
{
    FleetInputs next = input();
    next.mix.clear();
    for (const auto& [id, share] : mix)
        next.mix.push_back({ id, share });
    change(next);
}

void FleetDocument::setRate(double value, FleetRateUnit unit)
{
    // The unit and the value are one figure: one undo step, named for the rate.
    FleetInputs next = input();
    next.rate = value;
    next.rateUnit = unit;
    change(next);
}

void FleetDocument::setHardware(const std::string& id)
{
    if (!m_catalog.hardware().count(id))
        return;
    FleetInputs next = input();
    next.hardware = id;
    change(next);
}

void FleetDocument::setTargets(double ttftSeconds, double tpotSeconds)
{
    FleetInputs next = input();
    next.ttftSeconds = ttftSeconds;
    next.tpotMilliseconds = tpotSeconds * 1000.0;
    change(next);
}

void FleetDocument::setLayout(const std::optional<DisaggregatedLayout>& layout)
{
    FleetInputs next = input();
    next.disaggregated = layout.has_value();
    if (layout)
        next.layout = *layout;
    change(next);
}

QString FleetDocument::exportTo(const QString& path) const
{
    const FleetResult* fleet = sizing();
    if (!fleet)
        return tr("%1: nothing to export: the fleet cannot be sized: %2").arg(path, errorMessage());
    const ByteUnits units = m_display ? m_display->units() : ByteUnits::Binary;
    return ChartExporter::exportFleet(path, *fleet, units, {}, m_exportOptions);
}

QList<DocumentExport> FleetDocument::exports() const
{
    if (!sizing())
        return {};
    auto write = [this](const QString& path) { return exportTo(path); };
    QList<DocumentExport> out {
        { QStringLiteral("fleet-chart"), tr("Fleet demand chart"),
            { QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf") }, write },
    };
    // The CSV's one row per workload has no columns for two pools (`kvtiers fleet --csv`
    // refuses a layout too): a split fleet exports its pools as JSON.
    if (!input().disaggregated)
        out.append(
            { QStringLiteral("fleet-csv"), tr("Fleet table, one row per workload"), { QStringLiteral("csv") }, write });
    out.append({ QStringLiteral("fleet-json"), tr("Fleet sizing as JSON"), { QStringLiteral("json") }, write });
    return out;
}

void FleetDocument::setDisplayOptions(DisplayOptions* options)
{
    m_display = options;
}

} // namespace kvtiers::ui
