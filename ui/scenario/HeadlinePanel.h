#pragma once
// HeadlinePanel: the figures a reader of the article looks for first: KV bytes per token
// and per request, the hot set, max concurrency, achieved vs requested reuse, TTFT with and
// without reuse, tokens/s, DRAM per GPU, NVMe per server, and the per-token formula with
// this scenario's numbers (kvtiers::deriveKvPerToken), plus the core's warnings, both
// worded in the UI language by Messages. Bytes are in its DisplayOptions' units, and a
// change of units re-words the last result (no evaluation).

#include "core/model/Evaluation.h"
#include "core/scenario/Scenario.h"

#include <QWidget>

#include <optional>
#include <utility>

class QLabel;
class QGridLayout;

namespace kvtiers::ui {

class DisplayOptions;

class HeadlinePanel : public QWidget {
    Q_OBJECT
public:
    explicit HeadlinePanel(QWidget* parent = nullptr);

    void setResult(const Scenario& scenario, const EvalResult& result);
    /// The units to show bytes in (MainWindow's); until set, a private default (binary).
    void setDisplayOptions(DisplayOptions* options);

protected:
    void changeEvent(QEvent* event) override;

private:
    QLabel* addFigure(int row, int column, const QString& objectName, const QString& caption, const QString& toolTip);
    void applyTheme();

    QGridLayout* m_grid = nullptr;
    QList<QLabel*> m_captions;
    QLabel* m_kvPerToken = nullptr;
    QLabel* m_kvPerRequest = nullptr;
    QLabel* m_hotSet = nullptr;
    QLabel* m_maxConcurrency = nullptr;
    QLabel* m_reuse = nullptr;
    QLabel* m_ttft = nullptr;
    QLabel* m_tokensPerSecond = nullptr;
    QLabel* m_dramPerGpu = nullptr;
    QLabel* m_nvmePerServer = nullptr;
    QLabel* m_formula = nullptr;
    QLabel* m_warnings = nullptr;
    DisplayOptions* m_display = nullptr;
    std::optional<std::pair<Scenario, EvalResult>> m_shown; ///< re-worded when the units change
};

} // namespace kvtiers::ui
