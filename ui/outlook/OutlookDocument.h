#pragma once
// OutlookDocument: the Outlook tab's document (ui/common/Document.h). Its input is the outlook
// card as edited; an evaluation checks it against the catalog and sizes every year
// (computeOutlook) and the last year's driver tornado (outlookTornado), on the GUI thread:
// the two take about a tenth of a second on the built-in cards, and the catalog the GUI
// holds may gain a card while the tab is open, which a worker must not read.
//
// A driver edited (tokens per day, a target, a share, a workload's driver or demand, the
// hardware mix) is one undo step, checked by the core (core/analysis/OutlookDrivers.h); a new pick (a built-in
// card, a file, a saved outlook) clears the history. Each sizing hands the card to the
// decomposition's document, which splits each tier's growth on its worker thread. Exports: the thesis, bytes,
// tornado and (once computed) decomposition charts as PNG/SVG/PDF (OutlookExport), the years as CSV
// (outlookCsv) and the card as JSON that opens again, with a units line.

#include "core/analysis/Outlook.h"
#include "core/analysis/OutlookDrivers.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/PresetStore.h"
#include "ui/common/Document.h"
#include "ui/export/ChartExporter.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <string>
#include <vector>

namespace kvtiers::ui {

/// What the decomposition is asked: the card as sized, and a copy of the catalog it was
/// checked against (the worker reads the copy, never the GUI's catalog, which may gain a card).
struct OutlookDecompositionInput {
    OutlookCard card;
    std::shared_ptr<const CardCatalog> catalog;
};

/// The growth decomposition (decomposeOutlook) of the card the Outlook document last sized,
/// on a worker thread: it sizes up to 2^8 versions of the last year.
class OutlookDecompositionDocument : public Document<OutlookDecompositionInput, OutlookDecomposition> {
    Q_OBJECT
public:
    explicit OutlookDecompositionDocument(QObject* parent = nullptr);

protected:
    OutlookDecomposition compute(const OutlookDecompositionInput& input, const ComputeControl& control) override;
};

/// What one evaluation of an outlook gives the views.
struct OutlookOutcome {
    OutlookResult result;
    OutlookTornado tornado;
};

class OutlookDocument : public Document<OutlookCard, OutlookOutcome> {
    Q_OBJECT
public:
    /// `catalog` must outlive the document. Starts on the built-in "steady" outlook.
    explicit OutlookDocument(const CardCatalog& catalog, QObject* parent = nullptr);

    const CardCatalog& catalog() const { return m_catalog; }
    /// The outlook as edited: the document's input.
    const OutlookCard& card() const { return input(); }
    /// The workloads of every year's mix, first seen first: the table's share columns.
    std::vector<std::string> shareWorkloads() const;

    /// Shows a built-in outlook by id and clears the history. False if unknown.
    bool showOutlook(const std::string& id);
    /// Reads an outlook file and shows it; empty on success, else the reader's message.
    QString openFile(const QString& path);
    /// Saves the card as edited under `name` (never over another file); empty on success.
    QString saveAsPreset(const QString& name);
    /// Shows a saved outlook by name and clears the history; empty on success, else why not.
    QString showPreset(const QString& name);
    /// The saved outlooks' names.
    QStringList presetNames() const;
    PresetStore& presetStore() { return m_presets; }
    /// The decomposition of the card last sized, computed on its own worker after each sizing.
    OutlookDecompositionDocument* decomposition() const { return m_decomposition; }

    /// Sets one driver of year `row`: tokens per day, the TTFT or TPOT target (keys of
    /// outlookYearOptions), or with kOutlookShareKey the share of `workload`, the year's
    /// other shares rescaled to keep the sum at 1 (withOutlookYearDriver, which refuses the
    /// tokens and shares of a year driven by demand). One undo step when it changes the card;
    /// empty on success, else why not, in the UI language (nothing changes).
    QString editDriver(int row, const std::string& key, double value, const std::string& workload = {});
    /// A driver's name as the undo texts and messages say it: "tokens per day", "share of chat".
    static QString driverName(const std::string& key, const std::string& workload = {});

    /// Sets one workload's driver of year `row` (withOutlookWorkloadDriver: a knob's number
    /// in its unit, a model card id, or a target object): one undo step when it changes the
    /// card; empty on success, else why not, naming the driver (nothing changes).
    QString editWorkloadDriver(int row, const std::string& workload, OutlookWorkloadField field, const Json& value);
    /// The same from the text typed into its cell (parseOutlookWorkloadDriver: "64K", "70 %",
    /// "fp8", "5 s (p90)"); a text it cannot read is refused naming the driver.
    QString editWorkloadDriverText(
        int row, const std::string& workload, OutlookWorkloadField field, const QString& text);
    /// Sets one of `workload`'s demand drivers of year `row`, a year driven by demand
    /// (withOutlookDemand: requests a day, sessions a day, requests per session; the shares
    /// and tokens follow): one undo step when it changes the card; empty on success, else
    /// why not, naming the driver (nothing changes).
    QString editDemand(int row, const std::string& workload, OutlookDemandField field, double value);
    /// A demand driver's name as the undo texts and messages say it: "sessions per day of Agentic coding".
    static QString demandDriverName(OutlookDemandField field, const QString& workload);
    /// Sets a hardware profile's share of year `row`'s traffic, the year's other profiles
    /// rescaled to keep the sum at 1 (withOutlookHardwareShare); as editWorkloadDriver.
    QString editHardwareShare(int row, const std::string& hardware, double share);
    /// A workload driver's name as the undo texts and messages say it: "context of Multi-turn chat".
    static QString workloadDriverName(OutlookWorkloadField field, const QString& workload);
    /// A workload's name as the table heads its page: its card's short name, else its id.
    QString workloadName(const std::string& workload) const;
    /// A workload's whole name, as a tooltip gives it: its card's name, else its id.
    QString workloadFullName(const std::string& workload) const;
    /// A model's or hardware's name as the table shows it: its card's short name without the
    /// details after it (in parentheses; a hardware card's also after a comma), else its id.
    QString modelName(const std::string& model) const;
    QString hardwareName(const std::string& hardware) const;

    void setExportOptions(const ExportOptions& options) { m_exportOptions = options; }
    /// The tier the exported tornado chart shows (the tab's tornado tier).
    void setExportTier(Tier tier) { m_exportTier = tier; }
    QList<DocumentExport> exports() const override;
    /// Writes the export whose formats hold the path's suffix; empty on success, else a
    /// message naming the file.
    QString exportTo(const QString& path) const;
    /// What every exported chart says under it: the outlook, "a scenario, not a forecast",
    /// the units and the sources (publisher and date; the assumptions by number).
    QString exportFootnote() const;

protected:
    OutlookOutcome compute(const OutlookCard& card, const ComputeControl& control) override;
    void stored(const OutlookOutcome& outcome) override;

private:
    QString writeChart(const QString& path, int view) const; ///< view: an OutlookExport::View

    const CardCatalog& m_catalog;
    PresetStore m_presets;
    ExportOptions m_exportOptions;
    Tier m_exportTier = Tier::Hbm;
    OutlookDecompositionDocument* m_decomposition = nullptr;
};

} // namespace kvtiers::ui
