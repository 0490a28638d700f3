#pragma once
// FleetDocument: the Fleet tab's document (ui/common/Document.h). Its input is what the
// tab's controls hold (FleetInputs): the traffic mix of workload cards and shares, the
// total rate in requests/s or tokens/day, one server profile, the TTFT and
// time-per-output-token targets with the percentile each holds at, and the layout: each
// workload's replicas colocated, or split into a prefill pool and a decode pool (where the
// first token comes from, how much of the KV transfer overlaps the prefill, where the
// DRAM/SSD prefix cache lives; FleetPools.h). An evaluation sizes the
// fleet they describe (sizeFleet, Fleet.h) on the GUI thread: milliseconds, so every edit
// is sized on the next event-loop turn. Defaults and ranges are the fleet's option table's
// (FleetOptions.h), the CLI's; only the rate, which the CLI asks for, opens on an example.
//
// Every edit is one undo step named for what changed; edits of one control within
// kUndoMergeWindowMs (a spin box's run of steps, a share typed digit by digit) are one
// step. The inputs are saved with the session and restored, an unknown card or a value out
// of its option's range dropped and named. Exports: the fleet chart (PNG, SVG, PDF) in the
// display's units, the fleet as CSV and as JSON (`kvtiers fleet --csv`, `--json`).

#include "core/analysis/Fleet.h"
#include "core/cards/LatencyTargets.h"
#include "core/catalog/CardCatalog.h"
#include "ui/common/Document.h"
#include "ui/export/ChartExporter.h"

#include <QPointer>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kvtiers::ui {

class DisplayOptions;

/// One workload of the tab's mix: a workload card and its share of requests.
struct FleetMixRow {
    std::string workload; ///< workload card id
    double share = 1;
    bool operator==(const FleetMixRow&) const = default;
};

enum class FleetRateUnit { RequestsPerSecond = 0, TokensPerDay = 1 };

/// The fleet option table's default of `key` (FleetOptions.h), in the table's unit.
double fleetOptionDefault(const char* key);

/// The Fleet tab's inputs, as its controls hold them (TPOT in milliseconds).
struct FleetInputs {
    /// The rate the tab opens on: the CLI takes no default rate, it asks for one.
    static constexpr double kExampleRate = 100;

    std::vector<FleetMixRow> mix;
    double rate = kExampleRate;
    FleetRateUnit rateUnit = FleetRateUnit::RequestsPerSecond;
    std::string hardware = CardCatalog::kDefaultHardware;
    double ttftSeconds = fleetOptionDefault(kTtftSecondsKey);
    double tpotMilliseconds = fleetOptionDefault(kTpotSecondsKey) * 1000;
    double ttftPercentile = fleetOptionDefault(kTtftPercentileKey); ///< kMeanPercentile (0): the mean
    double tpotPercentile = fleetOptionDefault(kTpotPercentileKey);
    /// Prefill and decode pools (FleetInput::disaggregated); the three choices below apply
    /// only then, and open on DisaggregatedLayout's defaults, as the CLI's.
    bool disaggregated = false;
    DisaggregatedLayout layout {};
    bool operator==(const FleetInputs&) const = default;
};

class FleetDocument : public Document<FleetInputs, FleetResult> {
    Q_OBJECT
public:
    /// `catalog` must outlive the document (the controller's, or CardCatalog::builtin()).
    /// The input starts as the CLI's example mix (chat 70%, mooncake 30%) at kExampleRate.
    explicit FleetDocument(const CardCatalog& catalog, QObject* parent = nullptr);

    const CardCatalog& catalog() const { return m_catalog; }
    /// What sizeFleet() is given for `inputs`: one entry per row on the one server profile.
    static FleetInput fleetInput(const FleetInputs& inputs);
    FleetInput fleetInput() const { return fleetInput(input()); }
    /// The sizing of the input in force, or nullptr while it cannot be sized.
    const FleetResult* sizing() const;
    /// The option's range for the rate in `unit` (requests/s or tokens/day): {min, max}.
    static std::pair<double, double> rateRange(FleetRateUnit unit);

    // Edits, each one undo step (none when nothing changes).
    /// Replaces the input, the step named for what changed (see the class comment).
    void change(const FleetInputs& next);
    void setMix(const std::vector<std::pair<std::string, double>>& mix);
    void setRate(double value, FleetRateUnit unit);
    void setHardware(const std::string& id);
    void setTargets(double ttftSeconds, double tpotSeconds);
    /// Colocated (`layout` unset) or split into prefill and decode pools with `layout`.
    void setLayout(const std::optional<DisaggregatedLayout>& layout);

    /// The app's units, which the chart export draws in; until set, binary.
    void setDisplayOptions(DisplayOptions* options);
    void setExportOptions(const ExportOptions& options) { m_exportOptions = options; }
    /// Writes the sizing to `path`: the chart (.png, .svg, .pdf), CSV or JSON; empty on
    /// success, else a message naming the file.
    QString exportTo(const QString& path) const;

    QString sessionText() const override;
    QStringList restoreSession(const QString& text) override;
    QList<DocumentExport> exports() const override;

protected:
    FleetResult compute(const FleetInputs& inputs, const ComputeControl& control) override;

private:
    /// The undo step's words for a change from `before` to `after`, and its merge key.
    QString changeText(const FleetInputs& before, const FleetInputs& after, std::string* mergeKey) const;

    const CardCatalog& m_catalog;
    QPointer<DisplayOptions> m_display;
    ExportOptions m_exportOptions;
};

} // namespace kvtiers::ui
