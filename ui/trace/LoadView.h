#pragma once
// LoadView: the Trace tab's "Under load" view of its document (LoadDocument). The trace the
// tab has read is replayed under load (core/replay, docs/trace.md) with the current
// scenario's settings at several DRAM or SSD capacities per server, as `kvtiers replay
// --sweep dram|ssd` does, and LoadChart draws TTFT at p50 and p99, the time between tokens
// (every gap pooled at p50 and p99, and the requests' Mooncake TBT at the TBT target's
// percentile) and, in a panel below, goodput against the capacity, the scenario's own
// capacity and the TTFT and TBT targets marked. Every input's range and default is the
// replay table's (core/replay/ReplayOptions.h), so the view takes what the command line
// takes: what is swept and the points, the traffic scale, the TTFT, TPOT and TBT targets and
// their percentiles, the replicas and the sequence limit (empty: the scenario's replicas and
// concurrency), the layout (colocated, or P prefill and D decode replicas with the first
// token's replica, the transfer's overlap and the cache's place; LoadLayout.cpp), and fixed
// capacities (empty: the scenario's). A value the table refuses is not taken: the status
// line says why, naming the field, in the UI language. Replay runs in the document's worker
// with a progress bar and Cancel; Export writes what the document exports (the chart as PNG,
// SVG or PDF, the sweep as CSV).

#include "ui/charts/LoadChart.h"
#include "ui/common/Retranslator.h"
#include "ui/trace/LoadDocument.h"

#include <QWidget>

#include <map>
#include <optional>
#include <string>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace kvtiers::ui {

class LoadView : public QWidget {
    Q_OBJECT
public:
    /// The view of `document`, which must outlive it.
    explicit LoadView(LoadDocument* document, QWidget* parent = nullptr);

    LoadDocument* document() const { return m_doc; }
    LoadChart* chart() const { return m_chart; }
    bool isRunning() const { return m_doc->isRunning(); }
    /// A sweep is drawn (the last one that finished).
    bool hasCurve() const { return m_doc->curve().has_value(); }
    QString statusText() const;
    QString summaryText() const;
    /// What the summary says of a curve beyond what was replayed (LoadNotes.cpp): the
    /// replicas and their sequence limit, the offload assumed, and an overload.
    static QString notesText(const LoadCurve& curve, ByteUnits units);
    /// With prefill and decode split: the layout's options and the KV transfer (mean and
    /// p99 per request, bytes sent, rate, the prefill NICs' use) at the point nearest the
    /// scenario's own capacity.
    static QString transferText(const LoadCurve& curve, ByteUnits units);
    /// A field's name in the UI language, as messages name it ("Fixed DRAM"); empty for a
    /// key the view has no field for.
    QString fieldName(std::string_view key) const;
    /// A tier's name in the UI language, as the capacity fields label it.
    static QString tierText(Tier tier);

    // The inputs, for tests and the layout check: each an edit of the document.
    void setAxis(replay::ReplaySweepAxis axis);
    void setPoints(int points);
    void setTtftTarget(double seconds);
    void setTrafficScale(double scale);
    /// Prefill + decode on `prefill` and `decode` replicas, as a user picks the layout and types them.
    void setSplit(int prefill, int decode);
    /// Colocated, as a user picks it.
    void setColocated();
    /// Types `text` into the field of option `key` and commits it, as a user would.
    void typeInto(const char* key, const QString& text);

public slots:
    void run();
    /// "Size for the SLO" (LoadDocument::sizeForSlo): the fleet's count, checked and
    /// corrected by replays, then the sweep at it.
    void sizeForSlo();
    void cancel();
    void exportChart();

signals:
    /// A run ended: drawn (ok), refused (`error` says why) or cancelled (both empty).
    void finished(bool ok, const QString& error);
    void message(const QString& text);

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildControls();
    /// A field for option `key` ("loadField_" + key), committed when editing finishes.
    QLineEdit* addField(const char* key, int width);
    QLabel* addLabel(const std::string& name, QWidget* buddy);
    /// A choice of option `key` ("loadChoice_" + key), one item per choice in the table's
    /// order, committed when one is picked.
    QComboBox* addChoice(const char* key);
    /// The replicas and the layout: colocated, or P prefill and D decode replicas with where
    /// the first token comes from, the transfer's overlap and where the prefix cache lives.
    QHBoxLayout* buildLayoutRow(QLineEdit* replicas);
    /// Fixed capacities (one field a tier), sizing and the status line.
    QHBoxLayout* buildCapacityRow();
    /// The layout row's words (LoadLayout.cpp).
    void wordLayoutControls();
    /// Colocated (0) or prefill + decode (1), as one undo step: the split starts as the
    /// replicas in force halved, prefill rounded down, each pool at least one replica.
    void chooseLayout(int index);
    /// The layout's controls as the document's inputs have them, and those that apply shown
    /// (the replica count colocated; the pools, first token, overlap and cache split).
    void showLayout();
    void enableLayoutControls();
    void wordControls();
    /// Reads a field's text into the document's inputs (one undo step), or says why not.
    void commit(const char* key, const QString& text);
    void edit(const replay::ReplayInput& next, const char* key, const QString& undoText = {});
    /// The document's inputs shown in the fields.
    void showInputs();
    /// The buttons, progress, status and summary as the document stands.
    void refresh();
    void runEnded();
    /// The document's error with option keys worded as the view's fields, in the UI language.
    QString documentError() const;

    LoadDocument* m_doc;
    QComboBox* m_tierCombo = nullptr;
    QSpinBox* m_pointsSpin = nullptr;
    QComboBox* m_layoutCombo = nullptr;
    std::map<std::string, QComboBox*> m_choices; ///< by option key (first token, cache location)
    std::map<std::string, QLineEdit*> m_fields;  ///< by option key
    std::map<std::string, QLabel*> m_labels;     ///< the fields' labels, by name
    QPushButton* m_runButton = nullptr;
    QPushButton* m_sizeButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QPushButton* m_exportButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_summary = nullptr;
    LoadChart* m_chart = nullptr;
    Retranslator m_texts;
    std::optional<InputError> m_typedError; ///< why the last text typed was not taken (until the next edit)
    QString m_exported;                     ///< the last export's outcome
};

} // namespace kvtiers::ui
