#pragma once
// HeadlinePanel: the figures a reader of the article looks for first: KV bytes per token
// and per request, the hot set, max concurrency, achieved vs requested reuse, TTFT with and
// without reuse, tokens/s, DRAM per GPU, NVMe per server, and the per-token formula with
// this scenario's numbers (kvtiers::deriveKvPerToken), plus the core's warnings, both
// written once by the core and translated (ui/text/Translate.h).

#include "core/model/Evaluation.h"
#include "core/scenario/Scenario.h"

#include <QWidget>

class QLabel;
class QGridLayout;

namespace kvtiers::ui {

class HeadlinePanel : public QWidget {
    Q_OBJECT
public:
    explicit HeadlinePanel(QWidget* parent = nullptr);

    void setResult(const Scenario& scenario, const EvalResult& result);

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
};

} // namespace kvtiers::ui
