#include "ui/scenario/HeadlinePanel.h"

#include "core/io/ResultJson.h"
#include "core/model/Derivation.h"
#include "ui/app/WidgetFit.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"

#include <QEvent>

#include <algorithm>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace kvtiers::ui {

HeadlinePanel::HeadlinePanel(QWidget* parent)
    : QWidget(parent)
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);
    outer->setSpacing(4);
    m_grid = new QGridLayout;
    m_grid->setHorizontalSpacing(18);
    m_grid->setVerticalSpacing(0);
    m_grid->setRowMinimumHeight(2, fontMetrics().height() / 2); // gap between the two rows of figures
    outer->addLayout(m_grid);

    m_kvPerToken = addFigure(0, 0, QStringLiteral("headlineKvPerToken"), tr("KV per token"),
        tr("Bytes of KV cache one token adds: 2 (K and V) × layers × KV heads × head dimension "
           "× bytes per element (the article's formula)."));
    m_kvPerRequest = addFigure(0, 1, QStringLiteral("headlineKvPerRequest"), tr("KV per request"),
        tr("The working set of one sequence at this context, before allocator overhead."));
    m_hotSet = addFigure(0, 2, QStringLiteral("headlineHotSet"), tr("Hot set"),
        tr("KV of all active sequences at once (shared prefixes counted once)."));
    m_maxConcurrency = addFigure(0, 3, QStringLiteral("headlineMaxConcurrency"), tr("Max concurrency"),
        tr("Whole sequences at this context that fit in the HBM left after weights."));
    m_reuse = addFigure(0, 4, QStringLiteral("headlineReuse"), tr("Reuse achieved / requested"),
        tr("Requested: the prefix hit rate asked for. Achieved: what the tiers can actually "
           "keep (the retained pool may not fit), and at most the share whole KV blocks can "
           "serve: like vLLM, only full blocks are cached and hit."));
    m_ttft = addFigure(3, 0, QStringLiteral("headlineTtft"), tr("TTFT without / with reuse"),
        tr("Prefill of the whole prompt, without reuse and with the achieved reuse (restoring "
           "cached prefixes instead of recomputing them)."));
    m_tokensPerSecond = addFigure(3, 1, QStringLiteral("headlineTokensPerSecond"), tr("Decode throughput"),
        tr("Generated tokens per second per replica, for the served sequences."));
    m_dramPerGpu = addFigure(3, 2, QStringLiteral("headlineDramPerGpu"), tr("DRAM per GPU"),
        tr("Host DRAM used per GPU: read DRAM demand per GPU, not per GPU count "
           "(the article)."));
    m_nvmePerServer = addFigure(
        3, 3, QStringLiteral("headlineNvmePerServer"), tr("NVMe per server"), tr("Local NVMe used per server."));

    m_formula = new QLabel(this);
    m_formula->setObjectName(QStringLiteral("headlineFormula"));
    m_formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_formula->setToolTip(tr("The per-token formula with this scenario's numbers: nothing hidden."));
    m_formula->setWordWrap(true);
    QFont mono = m_formula->font();
    mono.setFamily(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::TypeWriter);
    m_formula->setFont(mono);
    outer->addWidget(m_formula);

    m_warnings = new QLabel(this);
    m_warnings->setObjectName(QStringLiteral("warningsLabel"));
    m_warnings->setWordWrap(true);
    m_warnings->setVisible(false);
    m_warnings->setAutoFillBackground(true);
    m_warnings->setMargin(4);
    outer->addWidget(m_warnings);
    applyTheme();
}

QLabel* HeadlinePanel::addFigure(
    int row, int column, const QString& objectName, const QString& caption, const QString& toolTip)
{
    auto* captionLabel = new QLabel(caption, this);
    captionLabel->setToolTip(toolTip);
    m_captions.append(captionLabel);
    // Elided at its end with the whole figure in the tooltip when a narrow window cuts it.
    auto* value = new ElidedLabel(this);
    value->setObjectName(objectName);
    value->setToolTip(toolTip);
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
    return value;
}

void HeadlinePanel::applyTheme()
{
    for (QLabel* caption : std::as_const(m_captions)) {
        QPalette pal = caption->palette();
        pal.setColor(QPalette::WindowText, palette().color(QPalette::PlaceholderText));
        caption->setPalette(pal);
    }
    QPalette warn = m_warnings->palette();
    // Tool-tip colours are the theme's own "notice" pair, readable in light and dark.
    warn.setColor(QPalette::Window, palette().color(QPalette::ToolTipBase));
    warn.setColor(QPalette::WindowText, palette().color(QPalette::ToolTipText));
    m_warnings->setPalette(warn);
}

void HeadlinePanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
}

void HeadlinePanel::setResult(const Scenario& scenario, const EvalResult& r)
{
    const double context = scenario.workload.context;
    m_kvPerToken->setText(tr("%1 per token").arg(bytesText(r.kvBytesPerToken)));
    m_kvPerRequest->setText(tr("%1 per request").arg(bytesText(r.kvBytesPerRequest)));
    const double n = scenario.workload.concurrency;
    m_hotSet->setText(n == 1 ? tr("%1 for one sequence").arg(bytesText(r.hotSetBytes))
                             : tr("%1 for %2 sequences").arg(bytesText(r.hotSetBytes), countText(n)));
    m_maxConcurrency->setText(tr("%1 at %2 tokens").arg(countText(r.maxConcurrency), tokensText(context)));
    m_reuse->setText(tr("%1 of %2").arg(percentText(r.achievedReuse), percentText(r.requestedReuse)));
    m_ttft->setText(tr("%1 / %2").arg(secondsText(r.ttftNoReuseSeconds), secondsText(r.ttftWithReuseSeconds)));
    m_tokensPerSecond->setText(tr("%1 tokens/s").arg(significantText(r.tokensPerSecond, 4)));
    m_dramPerGpu->setText(bytesText(r.perGpu.dram));
    m_nvmePerServer->setText(bytesText(r.perServer.ssd));
    m_formula->setText(
        tr("KV per token = %1").arg(translated(kvPerTokenMessage(deriveKvPerToken(scenario.model, r.kvFormat)))));

    QStringList lines;
    for (const Message& w : warningMessageList(scenario, r))
        lines << QStringLiteral("⚠ ") + translated(w);
    // MLA at TP > 1: vLLM holds the whole latent on every rank, so the replica holds TP
    // copies of the hot set. Both figures, and why, so the bars (as held) and the hot set
    // (one copy, as the article counts) do not disagree without a word.
    const bool mla = std::any_of(scenario.model.groups.begin(), scenario.model.groups.end(),
        [](const LayerGroup& g) { return g.kind == LayerKind::Mla; });
    if (mla && r.tp > 1 && r.hotSetAllocatedBytes > 1.5 * r.hotSetBytes)
        lines << tr("ⓘ Hot set %1 per copy, %2 held on the replica: vLLM keeps MLA's latent KV whole on each of "
                    "the %3 TP GPUs instead of splitting it, so the bars show %3 copies.")
                     .arg(bytesText(r.hotSetBytes), bytesText(r.hotSetAllocatedBytes), countText(r.tp));
    // Reuse alone only moves TTFT: the knobs that fill DRAM are the reuse distance (how
    // long prefixes are kept) and the offload rate (how many evicted ones go down).
    const WorkloadParams& w = scenario.workload;
    if (r.requestedReuse > 0 && r.dram.retained <= 0) {
        if (w.reuseDistanceSeconds <= 0 && w.reuseGapCdf.empty())
            lines << QStringLiteral("ℹ ")
                    + tr("Nothing fills DRAM: set a reuse distance (Advanced) so prefixes are kept until their next use.");
        else if (w.offloadRate <= 0)
            lines << QStringLiteral("ℹ ")
                    + tr("Nothing fills DRAM: set an offload rate (Advanced) so evicted prefixes are copied down.");
    }
    m_warnings->setText(lines.join(u'\n'));
    m_warnings->setVisible(!lines.isEmpty());
}

} // namespace kvtiers::ui
