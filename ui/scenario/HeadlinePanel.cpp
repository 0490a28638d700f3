#include "ui/scenario/HeadlinePanel.h"

#include "core/model/Derivation.h"
#include "core/model/Warnings.h"
#include "core/report/ResultJson.h"
#include "ui/common/DisplayOptions.h"
#include "ui/common/WidgetFit.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace kvtiers::ui {

HeadlinePanel::HeadlinePanel(QWidget* parent)
    : QWidget(parent)
{
    m_display = DisplayOptions::swap(nullptr, nullptr, this);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);
    outer->setSpacing(4);
    m_grid = new QGridLayout;
    m_grid->setHorizontalSpacing(18);
    m_grid->setVerticalSpacing(0);
    m_grid->setRowMinimumHeight(2, fontMetrics().height() / 2); // gap between the two rows of figures
    outer->addLayout(m_grid);

    m_kvPerToken = addFigure(0, 0, QStringLiteral("headlineKvPerToken"), QT_TR_NOOP("KV per token"),
        QT_TR_NOOP("Bytes of KV cache one token adds: 2 (K and V) × layers × KV heads × head dimension "
                   "× bytes per element (the article's formula)."));
    m_kvPerRequest = addFigure(0, 1, QStringLiteral("headlineKvPerRequest"), QT_TR_NOOP("KV per request"),
        QT_TR_NOOP("The working set of one sequence at this context, before allocator overhead."));
    m_hotSet = addFigure(0, 2, QStringLiteral("headlineHotSet"), QT_TR_NOOP("Hot set"),
        QT_TR_NOOP("KV of all active sequences at once (shared prefixes counted once)."));
    m_maxConcurrency = addFigure(0, 3, QStringLiteral("headlineMaxConcurrency"), QT_TR_NOOP("Max concurrency"),
        QT_TR_NOOP("Whole sequences at this context that fit in the HBM left after weights."));
    m_reuse = addFigure(0, 4, QStringLiteral("headlineReuse"), QT_TR_NOOP("Reuse achieved / requested"),
        QT_TR_NOOP("Requested: the prefix hit rate asked for. Achieved: what the tiers can actually "
                   "keep (the retained pool may not fit), and at most the share whole KV blocks can "
                   "serve: like vLLM, only full blocks are cached and hit."));
    m_ttft = addFigure(3, 0, QStringLiteral("headlineTtft"), QT_TR_NOOP("TTFT without / with reuse"),
        QT_TR_NOOP("Prefill of the whole prompt, without reuse and with the achieved reuse (restoring "
                   "cached prefixes instead of recomputing them)."));
    m_tokensPerSecond = addFigure(3, 1, QStringLiteral("headlineTokensPerSecond"), QT_TR_NOOP("Decode throughput"),
        QT_TR_NOOP("Generated tokens per second per replica (under expert parallelism one attention rank), for "
                   "the served sequences, and per server."));
    m_dramPerGpu = addFigure(3, 2, QStringLiteral("headlineDramPerGpu"), QT_TR_NOOP("DRAM per GPU"),
        QT_TR_NOOP("Host DRAM used per GPU: read DRAM demand per GPU, not per GPU count "
                   "(the article)."));
    m_nvmePerServer = addFigure(3, 3, QStringLiteral("headlineNvmePerServer"), QT_TR_NOOP("NVMe per server"),
        QT_TR_NOOP("Local NVMe used per server."));
    m_ssdWrites = addFigure(3, 4, QStringLiteral("headlineSsdWrites"), QT_TR_NOOP("SSD writes per server"),
        QT_TR_NOOP("Bytes the SSD tier writes per second per server, and drive writes per day against the NVMe "
                   "capacity (the cards' drives are rated about 1 per day for random writes)."));

    m_formula = new WrappedLabel(this);
    m_formula->setObjectName(QStringLiteral("headlineFormula"));
    m_formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_texts(
        [this] { m_formula->setToolTip(tr("The per-token formula with this scenario's numbers: nothing hidden.")); });
    m_formula->setWordWrap(true);
    QFont mono = m_formula->font();
    mono.setFamily(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::TypeWriter);
    m_formula->setFont(mono);
    outer->addWidget(m_formula);

    m_warningsBar = new QWidget(this);
    m_warningsBar->setObjectName(QStringLiteral("warningsBar"));
    m_warningsBar->setAutoFillBackground(true);
    m_warningsBar->setVisible(false);
    auto* bar = new QHBoxLayout(m_warningsBar);
    bar->setContentsMargins(4, 2, 4, 2);
    m_warningsSummary = new ElidedLabel(m_warningsBar);
    m_warningsSummary->setObjectName(QStringLiteral("warningsSummary"));
    m_warningsSummary->setTextFormat(Qt::PlainText);
    m_warningsSummary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    bar->addWidget(m_warningsSummary, 1);
    m_warnings = new WrappedLabel(m_warningsBar);
    m_warnings->setObjectName(QStringLiteral("warningsLabel"));
    m_warnings->setWordWrap(true);
    m_warnings->setTextFormat(Qt::PlainText);
    m_warnings->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bar->addWidget(m_warnings, 1);
    m_warningsToggle = new QToolButton(m_warningsBar);
    m_warningsToggle->setObjectName(QStringLiteral("warningsToggle"));
    m_warningsToggle->setAutoRaise(true);
    connect(m_warningsToggle, &QToolButton::clicked, this, [this] { setWarningsExpanded(!m_warningsExpanded); });
    bar->addWidget(m_warningsToggle, 0, Qt::AlignTop);
    outer->addWidget(m_warningsBar);
    m_texts([this] { showWarnings(); });
    applyTheme();
}

QLabel* HeadlinePanel::addFigure(
    int row, int column, const QString& objectName, const char* caption, const char* toolTip)
{
    auto* captionLabel = new QLabel(this);
    m_captions.append(captionLabel);
    // Elided at its end with the whole figure in the tooltip when a narrow window cuts it.
    auto* value = new ElidedLabel(this);
    value->setObjectName(objectName);
    m_texts([captionLabel, value, caption, toolTip] {
        captionLabel->setText(tr(caption));
        captionLabel->setToolTip(tr(toolTip));
        value->setToolTip(tr(toolTip));
    });
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Plain text on one line: a wrapped label re-measures itself at every update. An
    // ignored horizontal size policy keeps narrow windows from being forced wider.
    value->setTextFormat(Qt::PlainText);
    value->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    QFont f = value->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.2);
    value->setFont(f);
    m_grid->addWidget(captionLabel, row, column);
    m_grid->addWidget(value, row + 1, column);
    m_values.append(value);
    return value;
}

void HeadlinePanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    reflow();
}

int HeadlinePanel::textWidth(const QLabel* label)
{
    TextWidth& w = m_textWidths[label];
    const int dpi = label->logicalDpiX();
    if (w.text != label->text() || w.font != label->font() || w.dpi != dpi)
        w = { label->text(), label->font(), dpi, label->fontMetrics().horizontalAdvance(label->text()) };
    return w.width;
}

void HeadlinePanel::reflow()
{
    const int count = static_cast<int>(m_values.size());
    const QMargins margins = contentsMargins() + layout()->contentsMargins();
    const int available = width() - margins.left() - margins.right();
    const int spacing = m_grid->horizontalSpacing();
    auto cellWidth = [&](int i) { return std::max(textWidth(m_captions.at(i)), textWidth(m_values.at(i))) + 2; };
    // The values ignore their size hints (a narrow window is never forced wider), so the
    // grid gives every column the same width: the widest figure decides.
    int widest = 0;
    for (int i = 0; i < count; ++i)
        widest = std::max(widest, cellWidth(i));
    int columns = 1;
    for (int c = std::min(count, 5); c > 1; --c) {
        if (c * widest + spacing * (c - 1) <= available) {
            columns = c;
            break;
        }
    }
    if (columns == m_columns)
        return;
    m_columns = columns;
    for (int i = 0; i < count; ++i) {
        m_grid->removeWidget(m_captions.at(i));
        m_grid->removeWidget(m_values.at(i));
    }
    const int rows = (count + columns - 1) / columns;
    for (int r = 0; r < m_grid->rowCount(); ++r)
        m_grid->setRowMinimumHeight(r, 0);
    for (int i = 0; i < count; ++i) {
        // The first five figures are the article's quantities, the rest time and tiers:
        // at five columns they keep their two rows (5 + 4).
        const int block = i / columns;
        const int column = i % columns;
        m_grid->addWidget(m_captions.at(i), 3 * block, column);
        m_grid->addWidget(m_values.at(i), 3 * block + 1, column);
    }
    for (int block = 0; block + 1 < rows; ++block)
        m_grid->setRowMinimumHeight(3 * block + 2, fontMetrics().height() / 2);
}

void HeadlinePanel::applyTheme()
{
    for (QLabel* caption : std::as_const(m_captions)) {
        QPalette pal = caption->palette();
        pal.setColor(QPalette::WindowText, palette().color(QPalette::PlaceholderText));
        caption->setPalette(pal);
    }
    QPalette warn = m_warningsBar->palette();
    // Tool-tip colours are the theme's own "notice" pair, readable in light and dark.
    warn.setColor(QPalette::Window, palette().color(QPalette::ToolTipBase));
    warn.setColor(QPalette::WindowText, palette().color(QPalette::ToolTipText));
    warn.setColor(QPalette::ButtonText, palette().color(QPalette::ToolTipText));
    m_warningsBar->setPalette(warn);
}

void HeadlinePanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

void HeadlinePanel::retranslateUi()
{
    // The figures themselves are worded by setResult(): MainWindow feeds the last result again.
    m_texts.retranslate();
}

void HeadlinePanel::setDisplayOptions(DisplayOptions* options)
{
    m_display = DisplayOptions::swap(m_display, options, this);
    connect(m_display, &DisplayOptions::unitsChanged, this, [this] {
        if (m_shown)
            setResult(m_shown->first, m_shown->second);
    });
    if (m_shown)
        setResult(m_shown->first, m_shown->second);
}

void HeadlinePanel::setResult(const Scenario& scenario, const EvalResult& r)
{
    if (!m_shown || &m_shown->first != &scenario)
        m_shown.emplace(scenario, r);
    const ByteUnits units = m_display->units();
    const double context = scenario.workload.context;
    m_kvPerToken->setText(tr("%1 per token").arg(bytesText(r.kvBytesPerToken, units)));
    m_kvPerRequest->setText(tr("%1 per request").arg(bytesText(r.kvBytesPerRequest, units)));
    const double n = scenario.workload.concurrency;
    m_hotSet->setText(n == 1 ? tr("%1 for one sequence").arg(bytesText(r.hotSetBytes, units))
                             : tr("%1 for %2 sequences").arg(bytesText(r.hotSetBytes, units), countText(n)));
    m_maxConcurrency->setText(tr("%1 at %2 tokens").arg(countText(r.maxConcurrency), tokensText(context)));
    m_reuse->setText(tr("%1 of %2").arg(percentText(r.achievedReuse), percentText(r.requestedReuse)));
    if (r.runsNoSequence()) { // no sequence runs: no time to show
        m_ttft->setText(tr("— (does not fit)"));
        m_tokensPerSecond->setText(tr("— (does not fit)"));
    } else {
        m_ttft->setText(tr("%1 / %2").arg(latencyText(r.ttftNoReuseSeconds), latencyText(r.ttftWithReuseSeconds)));
        m_tokensPerSecond->setText(
            tr("%1 tokens/s, %2 per server")
                .arg(significantText(r.tokensPerSecond, 4), significantText(r.unit.outputTokensPerSecondPerNode, 4)));
    }
    m_dramPerGpu->setText(bytesText(r.perGpu.dram, units));
    m_nvmePerServer->setText(bytesText(r.perServer.ssd, units));
    m_ssdWrites->setText(
        tr("%1/s, %2 drive writes/day")
            .arg(bytesText(r.ssdWriteBytesPerSecond, units), significantText(r.ssdDriveWritesPerDay, 3)));
    m_formula->setText(
        tr("KV per token = %1").arg(translated(kvPerTokenMessage(deriveKvPerToken(scenario.model, r.kvFormat)))));
    showFormula();

    QStringList lines;
    if (r.runsNoSequence())
        lines << QStringLiteral("⚠ ") + translated(doesNotFitMessage(scenario, r));
    for (const Message& w : warningMessageList(scenario, r))
        lines << QStringLiteral("⚠ ") + translated(w);
    // MLA at TP > 1: vLLM holds the whole latent on every rank, so the replica holds TP
    // copies of the hot set. Both figures, and why, so the bars (as held) and the hot set
    // (one copy, as the article counts) do not disagree without a word.
    if (mlaLatentReplicated(scenario, r))
        lines << tr("ⓘ Hot set %1 per copy, %2 held on the replica: vLLM keeps MLA's latent KV whole on each of "
                    "the %3 TP GPUs instead of splitting it, so the bars show %3 copies. Decode context parallel "
                    "(DCP, under Advanced) stripes it over them instead.")
                     .arg(bytesText(r.hotSetBytes, units), bytesText(r.hotSetAllocatedBytes, units), countText(r.tp));
    // Reuse alone only moves TTFT: the knobs that fill DRAM are the reuse distance (how
    // long prefixes are kept) and the offload rate (how many evicted ones go down).
    const WorkloadParams& w = scenario.workload;
    if (r.requestedReuse > 0 && r.tiers.dram.retained <= 0) {
        if (w.reuseDistanceSeconds <= 0 && w.reuseGapCdf.empty())
            lines << QStringLiteral("ℹ ")
                    + tr("Nothing fills DRAM: set a reuse distance (Advanced) so prefixes are kept until their next "
                         "use.");
        else if (w.offloadRate <= 0)
            lines << QStringLiteral("ℹ ")
                    + tr("Nothing fills DRAM: set an offload rate (Advanced) so evicted prefixes are copied down.");
    }
    m_warningLines = lines;
    showWarnings();
    reflow(); // the figures' widths changed
}

void HeadlinePanel::setWarningsExpanded(bool expanded)
{
    m_warningsExpanded = expanded;
    showWarnings();
}

void HeadlinePanel::setFormulaShown(bool shown)
{
    if (shown == m_formulaShown)
        return;
    m_formulaShown = shown;
    showFormula();
}

void HeadlinePanel::showFormula()
{
    m_formula->setVisible(m_formulaShown);
    const QString figureTip = m_captions.at(m_values.indexOf(m_kvPerToken))->toolTip();
    m_kvPerToken->setToolTip(m_formulaShown ? figureTip : figureTip + QStringLiteral("\n\n") + m_formula->text());
}

void HeadlinePanel::showWarnings()
{
    const auto count = m_warningLines.size();
    m_warnings->setText(m_warningLines.join(u'\n'));
    m_warningsBar->setVisible(count > 0);
    const bool collapsed = count > 1 && !m_warningsExpanded;
    m_warnings->setVisible(!collapsed);
    m_warningsSummary->setVisible(collapsed);
    m_warningsToggle->setVisible(count > 1);
    if (count > 1) {
        // The first line keeps its sign (⚠ a warning, ⓘ or ℹ a note); the count says how
        // many more the button opens.
        m_warningsSummary->setText(tr("%1 warnings: %2").arg(count).arg(m_warningLines.front()));
        m_warningsToggle->setText(m_warningsExpanded ? tr("Show less") : tr("Show all"));
        m_warningsToggle->setToolTip(
            m_warningsExpanded ? tr("Show only the first warning") : tr("Show all %1 warnings").arg(count));
    }
}

} // namespace kvtiers::ui
