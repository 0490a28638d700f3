#include "ui/scenario/TierTableModel.h"

#include "ui/common/DisplayOptions.h"
#include "ui/text/UnitsText.h"

#include <QApplication>
#include <QBrush>
#include <QFont>
#include <QPalette>

#include <array>

namespace kvtiers::ui {

TierTableModel::TierTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    setDisplayOptions(nullptr);
}

void TierTableModel::setDisplayOptions(DisplayOptions* options)
{
    m_display = DisplayOptions::swap(m_display, options, this);
    connect(m_display, &DisplayOptions::unitsChanged, this, [this] {
        // The byte cells, and the sentences and tool tips that quote bytes: re-worded.
        emit dataChanged(index(0, 0), index(kTierCount - 1, ColumnCount - 1));
    });
    connect(m_display, &DisplayOptions::scopeChanged, this, &TierTableModel::setScope);
    if (m_display->scope() != m_scope)
        setScope(m_display->scope());
    else
        emit dataChanged(index(0, PlacedColumn), index(kTierCount - 1, ColumnCount - 1));
}

void TierTableModel::setResult(const Scenario& scenario, const EvalResult& result)
{
    // Repaint the article's (static, wrapped) text columns only when a row's highlight
    // changes: re-laying out that text at every slider step cost more than the charts.
    std::array<bool, kTierCount> highlighted {};
    for (int row = 0; row < kTierCount; ++row)
        highlighted[row] = m_hasResult && conditionMet(static_cast<Tier>(row));
    const bool hadResult = m_hasResult;
    m_scenario = scenario;
    m_result = result;
    m_hasResult = true;
    bool highlightChanged = !hadResult;
    for (int row = 0; row < kTierCount; ++row)
        highlightChanged = highlightChanged || highlighted[row] != conditionMet(static_cast<Tier>(row));
    emit dataChanged(index(0, highlightChanged ? 0 : PlacedColumn), index(kTierCount - 1, ColumnCount - 1));
}

void TierTableModel::setScope(TierScope scope)
{
    m_scope = scope;
    emit dataChanged(index(0, PlacedColumn), index(kTierCount - 1, CapacityColumn));
    emit headerDataChanged(Qt::Horizontal, PlacedColumn, CapacityColumn);
}

int TierTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : kTierCount;
}
int TierTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

double TierTableModel::scaled(double replicaBytes) const
{
    return replicaBytes * tierScopeFactor(m_scope, m_scenario, m_result);
}

QString TierTableModel::articleText(Tier tier, Column column) const
{
    // The article's tier table (shared/seed/article.en.md; Korean original article.ko.txt).
    switch (tier) {
    case Tier::Hbm:
        switch (column) {
        case TierColumn:
            return tr("HBM");
        case LivesThereColumn:
            //: Korean original: 연산 중인 가중치와 가장 뜨거운 KV
            return tr("Weights being computed on and the hottest KV");
        case DemandGrowsColumn:
            //: Korean original: 낮은 지연시간, 긴 문맥, 높은 동시성
            return tr("Low latency, long context, high concurrency");
        case LimitColumn:
            //: Korean original: 용량과 가격
            return tr("Capacity and price");
        default:
            break;
        }
        break;
    case Tier::Dram:
        switch (column) {
        case TierColumn:
            //: Korean original: 서버 D램
            return tr("Server DRAM");
        case LivesThereColumn:
            //: Korean original: 곧 다시 쓸 가능성이 높은 KV·프리픽스
            return tr("KV and prefixes likely to be reused soon");
        case DemandGrowsColumn:
            //: Korean original: 캐시 재사용률이 높고 GPU 연결이 빠를 때
            return tr("High cache reuse and a fast GPU link");
        case LimitColumn:
            //: Korean original: PCIe 전송 지연
            return tr("PCIe transfer latency");
        default:
            break;
        }
        break;
    case Tier::Ssd:
        switch (column) {
        case TierColumn:
            return tr("eSSD");
        case LivesThereColumn:
            //: Korean original: 차가운 KV·프리픽스·모델 캐시
            return tr("Cold KV, prefixes and model caches");
        case DemandGrowsColumn:
            //: Korean original: 재계산보다 저장·복원이 쌀 때
            return tr("When storing and restoring is cheaper than recomputing");
        case LimitColumn:
            //: Korean original: 토큰 단위 실시간 접근에는 느림
            return tr("Too slow for per-token real-time access");
        default:
            break;
        }
        break;
    }
    return {};
}

bool TierTableModel::conditionMet(Tier tier) const
{
    if (!m_hasResult)
        return false;
    const EvalResult& r = m_result;
    switch (tier) {
    case Tier::Hbm:
        // Everything the scenario needs is in (or is demanded of) HBM: nothing in DRAM or SSD.
        return r.tiers.dram.used() <= 0 && r.tiers.ssd.used() <= 0;
    case Tier::Dram:
        return r.tiers.dram.retained > 0 && r.restoreSecondsDram < r.recomputeSeconds;
    case Tier::Ssd:
        return r.tiers.ssd.retained > 0 && r.restoreSecondsSsd < r.recomputeSeconds;
    }
    return false;
}

QString TierTableModel::conditionText(Tier tier) const
{
    if (!m_hasResult)
        return {};
    const EvalResult& r = m_result;
    switch (tier) {
    case Tier::Hbm:
        if (conditionMet(tier))
            return r.overflowBytes > 0
                ? tr("Everything is demanded of HBM, and %1 of it does not fit: long context and high "
                     "concurrency have outgrown HBM.")
                      .arg(bytesText(scaled(r.overflowBytes), m_display->units()))
                : tr("Everything lives in HBM: weights and the hot KV of every active sequence; no reuse pool "
                     "spills to DRAM or SSD.");
        return tr("DRAM or SSD hold part of this scenario's bytes.");
    case Tier::Dram:
        if (conditionMet(tier))
            return tr("DRAM holds %1 of reusable prefixes, and restoring a prompt from DRAM (%2) beats "
                      "recomputing it (%3).")
                .arg(bytesText(scaled(r.tiers.dram.retained), m_display->units()), latencyText(r.restoreSecondsDram),
                    latencyText(r.recomputeSeconds));
        if (r.tiers.dram.retained <= 0)
            return tr("No reusable prefixes are kept in DRAM (raise reuse, reuse distance and offload rate).");
        return tr("Restoring from DRAM (%1) is slower than recomputing (%2).")
            .arg(latencyText(r.restoreSecondsDram), latencyText(r.recomputeSeconds));
    case Tier::Ssd:
        if (conditionMet(tier))
            return tr("SSD holds %1 of the retained reuse pool, and restoring from SSD (%2) beats recomputing "
                      "(%3).")
                .arg(bytesText(scaled(r.tiers.ssd.retained), m_display->units()), latencyText(r.restoreSecondsSsd),
                    latencyText(r.recomputeSeconds));
        if (r.tiers.ssd.retained <= 0)
            return tr("No retained prefixes reach the SSD (DRAM holds the whole reuse pool, or there is none).");
        return tr("Restoring from SSD (%1) is slower than recomputing (%2).")
            .arg(latencyText(r.restoreSecondsSsd), latencyText(r.recomputeSeconds));
    }
    return {};
}

QString TierTableModel::restoreText(Tier tier) const
{
    const EvalResult& r = m_result;
    if (tier == Tier::Hbm)
        return tr("— (in place)");
    if (r.runsNoSequence())
        return tr("— (does not fit)"); // no sequence runs: nothing to restore into
    const double restore = tier == Tier::Dram ? r.restoreSecondsDram : r.restoreSecondsSsd;
    const QString verdict = restore < r.recomputeSeconds ? tr("restore wins") : tr("recompute wins");
    return tr("%1 vs %2 · %3").arg(latencyText(restore), latencyText(r.recomputeSeconds), verdict);
}

QVariant TierTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto tier = static_cast<Tier>(index.row());
    const auto column = static_cast<Column>(index.column());
    const bool met = conditionMet(tier);
    switch (role) {
    case Qt::DisplayRole: {
        if (column <= LimitColumn)
            return articleText(tier, column);
        if (!m_hasResult)
            return QString();
        const TierUse& use = tierUse(m_result, tier);
        switch (column) {
        case PlacedColumn:
            return bytesText(scaled(use.used()), m_display->units());
        case CapacityColumn:
            return bytesText(scaled(use.capacity), m_display->units());
        case UtilisationColumn:
            return use.capacity > 0 ? percentText(use.used() / use.capacity) : tr("—");
        case RestoreColumn:
            return restoreText(tier);
        default:
            break;
        }
        return {};
    }
    case Qt::ToolTipRole: {
        // Rows keep a fixed height between refits (docs/performance.md), so a long
        // sentence in a narrowed table (Korean is wider than English) ends in "…": the
        // tooltip of every text cell repeats it in full, then why the row is lit or not.
        const QString why = conditionText(tier);
        if (column == LivesThereColumn || column == DemandGrowsColumn || column == LimitColumn
            || column == RestoreColumn) {
            const QString cell = data(index, Qt::DisplayRole).toString();
            if (!cell.isEmpty())
                return why.isEmpty() ? cell : cell + QStringLiteral("\n\n") + why;
        }
        return why;
    }
    case Qt::TextAlignmentRole:
        if (column == PlacedColumn || column == CapacityColumn || column == UtilisationColumn)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        return QVariant::fromValue(Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter));
    case Qt::BackgroundRole:
        if (met) {
            // A soft tint of the palette's highlight: readable in light and dark themes.
            const QPalette pal = QApplication::palette();
            QColor c = pal.color(QPalette::Highlight);
            const QColor base = pal.color(QPalette::Base);
            const double t = 0.28;
            return QBrush(QColor::fromRgbF(static_cast<float>(base.redF() * (1 - t) + c.redF() * t),
                static_cast<float>(base.greenF() * (1 - t) + c.greenF() * t),
                static_cast<float>(base.blueF() * (1 - t) + c.blueF() * t)));
        }
        return {};
    case Qt::FontRole:
        if (met || column == TierColumn) {
            QFont f = QApplication::font();
            f.setBold(true);
            return f;
        }
        return {};
    case ConditionMetRole:
        return met;
    case BytesRole:
        if (m_hasResult && column == PlacedColumn)
            return scaled(tierUse(m_result, tier).used());
        if (m_hasResult && column == CapacityColumn)
            return scaled(tierUse(m_result, tier).capacity);
        return {};
    default:
        break;
    }
    return {};
}

QVariant TierTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (static_cast<Column>(section)) {
        case TierColumn:
            //: Korean original: 계층
            return tr("Tier");
        case LivesThereColumn:
            //: Korean original: 주로 놓이는 것
            return tr("What mainly lives there");
        case DemandGrowsColumn:
            //: Korean original: 수요가 커지는 조건
            return tr("When demand for it grows");
        case LimitColumn:
            //: Korean original: 한계
            return tr("Limit");
        case PlacedColumn:
            return tr("Placed (%1)").arg(tierScopeName(m_scope));
        case CapacityColumn:
            return tr("Capacity");
        case UtilisationColumn:
            return tr("Used");
        case RestoreColumn:
            return tr("Restore vs recompute");
        case ColumnCount:
            break;
        }
    }
    if (role == Qt::ToolTipRole) {
        // The header's whole text first: a narrow column ends it in "…".
        const QString title = headerData(section, orientation, Qt::DisplayRole).toString();
        const QString heading = title.isEmpty() ? QString() : title + QStringLiteral("\n\n");
        switch (static_cast<Column>(section)) {
        case PlacedColumn:
            return QString(heading + tr("Bytes this scenario places in the tier."));
        case CapacityColumn:
            return QString(heading
                + tr("Usable capacity: HBM × GPU memory utilisation; DRAM × the share an offload "
                     "engine may pin; NVMe as installed."));
        case UtilisationColumn:
            return QString(heading + tr("Placed ÷ capacity."));
        case RestoreColumn:
            return QString(heading
                + tr("Time to bring the whole prompt's KV back from this tier, against recomputing the whole "
                     "prompt (prefill)."));
        default:
            return QString(heading + tr("The article's tier table."));
        }
    }
    return {};
}

} // namespace kvtiers::ui
