#pragma once
// HeadlinePanel: the figures a reader of the article looks for first: KV bytes per token
// and per request, the hot set, max concurrency, achieved vs requested reuse, TTFT with and
// without reuse, tokens/s, DRAM per GPU, NVMe per server, and the per-token formula with
// this scenario's numbers (kvtiers::deriveKvPerToken), plus the core's warnings, both
// written once by the core and translated (ui/text/Translate.h). Bytes are in its
// DisplayOptions' units, and a change of units re-words the last result (no evaluation).
// Several warnings take one line ("4 warnings: the first one…", Show all) until opened,
// so the figures above keep their height however many there are.

#include "core/model/Evaluation.h"
#include "core/scenario/Scenario.h"
#include "ui/common/Retranslator.h"

#include <QFont>
#include <QHash>
#include <QWidget>

#include <optional>
#include <utility>

class QLabel;
class QGridLayout;
class QToolButton;

namespace kvtiers::ui {

class DisplayOptions;

class HeadlinePanel : public QWidget {
    Q_OBJECT
public:
    explicit HeadlinePanel(QWidget* parent = nullptr);

    void setResult(const Scenario& scenario, const EvalResult& result);
    /// The units to show bytes in (MainWindow's); until set, a private default (binary).
    void setDisplayOptions(DisplayOptions* options);
    /// Shows every warning (true) or, when there are several, one line that counts them.
    void setWarningsExpanded(bool expanded);
    bool warningsExpanded() const { return m_warningsExpanded; }
    /// Shows the per-token formula on its own line (true), or in the KV-per-token figure's
    /// tooltip: on a short screen its line is height the tabs under the headline need.
    void setFormulaShown(bool shown);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    /// Lays the figures out in as many columns as fit the width whole (5, then fewer rows
    /// of fewer columns), so a narrow window wraps the headline instead of cutting it.
    void reflow();

    /// `label`'s text width in its font, measured again only when its text or font changed
    /// (reflow() runs at every update; the captions change only with the language).
    int textWidth(const QLabel* label);
    QLabel* addFigure(int row, int column, const QString& objectName, const char* caption, const char* toolTip);
    void retranslateUi();
    void applyTheme();
    /// Shows m_warningLines whole or as one summary line, as m_warningsExpanded says.
    void showWarnings();
    void showFormula();

    QGridLayout* m_grid = nullptr;
    QList<QLabel*> m_captions;
    QList<QLabel*> m_values; ///< beside m_captions, in reading order
    int m_columns = 0;       ///< the columns reflow() last chose
    struct TextWidth {
        QString text;
        QFont font;
        int dpi = 0;
        int width = 0;
    };
    QHash<const QLabel*, TextWidth> m_textWidths; ///< textWidth()'s last measures
    QLabel* m_kvPerToken = nullptr;
    QLabel* m_kvPerRequest = nullptr;
    QLabel* m_hotSet = nullptr;
    QLabel* m_maxConcurrency = nullptr;
    QLabel* m_reuse = nullptr;
    QLabel* m_ttft = nullptr;
    QLabel* m_tokensPerSecond = nullptr;
    QLabel* m_dramPerGpu = nullptr;
    QLabel* m_nvmePerServer = nullptr;
    QLabel* m_ssdWrites = nullptr; ///< beside NVMe per server: the SSD tier's writes and drive writes per day
    QLabel* m_formula = nullptr;
    bool m_formulaShown = true;
    QWidget* m_warningsBar = nullptr;    ///< the warnings' background, summary and button
    QLabel* m_warnings = nullptr;        ///< every warning, one per line (shown when expanded)
    QLabel* m_warningsSummary = nullptr; ///< "4 warnings: the first…" on one line, elided
    QToolButton* m_warningsToggle = nullptr;
    QStringList m_warningLines;
    bool m_warningsExpanded = false;
    Retranslator m_texts; ///< captions and tooltips, set again on a language change
    DisplayOptions* m_display = nullptr;
    std::optional<std::pair<Scenario, EvalResult>> m_shown; ///< re-worded when the units change
};

} // namespace kvtiers::ui
