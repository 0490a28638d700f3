#include "ui/outlook/OutlookDriversTable.h"

#include "ui/outlook/OutlookDocument.h"
#include "ui/outlook/OutlookSourcesPanel.h"
#include "ui/text/Translate.h"

#include <QHeaderView>
#include <QLocale>
#include <QRegularExpression>
#include <QScopedValueRollback>

#include <array>
#include <cmath>

namespace kvtiers::ui {

namespace {

/// A year's share of `workload`, 0 if it is not in the year's mix.
double shareOf(const OutlookYear& y, const std::string& workload)
{
    for (const auto& e : y.mix)
        if (e.workload == workload)
            return e.share;
    return 0;
}

/// SI prefixes for tokens per day, largest first, with their powers of ten.
constexpr std::array<std::pair<char, int>, 6> kSiPrefixes { { { 'E', 18 }, { 'P', 15 }, { 'T', 12 }, { 'G', 9 },
    { 'M', 6 }, { 'k', 3 } } };

} // namespace

QString OutlookDriversTable::tokensText(double tokensPerDay)
{
    // "210 trillion/day" (Korean 조): "210 T" read as terabytes beside PB and EB charts.
    return QString::fromStdString(outlookTokensText(tokensPerDay, &translatedText));
}

std::optional<double> OutlookDriversTable::parseTokens(const QString& text)
{
    // As written: "210 trillion/day", "210조/일", or with an SI prefix, "210 T" (a trillion).
    static const QRegularExpression words(QStringLiteral(R"(\s*(trillion|조)\s*(?=/|$))"));
    static const QRegularExpression form(QStringLiteral(R"(^\s*([0-9.,eE+-]+)\s*([kKMGTPE]?)\s*(?:/\s*\S+)?\s*$)"));
    QString plain = text;
    plain.replace(words, QStringLiteral(" T"));
    const QRegularExpressionMatch m = form.match(plain);
    if (!m.hasMatch())
        return std::nullopt;
    int power = 0;
    if (!m.captured(2).isEmpty()) {
        const char prefix = m.captured(2).at(0).toLatin1();
        for (const auto& [p, n] : kSiPrefixes)
            if (p == prefix || (prefix == 'K' && p == 'k'))
                power = n;
    }
    return parseScaled(m.captured(1), power);
}

std::optional<double> OutlookDriversTable::parseScaled(QString number, int power)
{
    // "2,100" as the tables write it: commas that group thousands, not a decimal comma.
    static const QRegularExpression grouped(QStringLiteral(R"(^\d{1,3}(,\d{3})+(\.\d+)?$)"));
    if (grouped.match(number).hasMatch())
        number.remove(u',');
    // The number and its power as one literal, so "2.1 P" reads exactly as 2.1e15 does; a
    // number in the user's locale ("2,5") otherwise.
    bool ok = false;
    double value = QString(number + QStringLiteral("e%1").arg(power)).toDouble(&ok);
    if (!ok)
        value = QLocale().toDouble(number, &ok) * std::pow(10.0, power);
    return ok ? std::optional<double>(value) : std::nullopt;
}

QString OutlookDriversTable::shareText(double share)
{
    return tr("%1 %").arg(QString::number(share * 100, 'g', 4));
}

std::optional<double> OutlookDriversTable::parseShare(const QString& text)
{
    QString number = text.trimmed();
    if (number.endsWith(u'%'))
        number.chop(1);
    bool ok = false;
    double value = QLocale().toDouble(number.trimmed(), &ok);
    if (!ok)
        value = number.trimmed().toDouble(&ok);
    return ok ? std::optional<double>(value / 100) : std::nullopt;
}

OutlookDriversTable::OutlookDriversTable(OutlookDocument* document, QWidget* parent)
    : OutlookYearTable(document, parent)
{
    setObjectName(QStringLiteral("outlookDrivers"));
    connect(this, &QTableWidget::itemChanged, this, &OutlookDriversTable::cellEdited);
    connect(m_document, &DocumentBase::resultChanged, this, &OutlookDriversTable::showSupplyShares);
    fill();
}

void OutlookDriversTable::fill()
{
    const QScopedValueRollback<bool> filling(m_filling, true);
    const OutlookCard& card = m_document->card();
    m_workloads = m_document->shareWorkloads();
    clear();
    setRowCount(static_cast<int>(card.years.size()));
    setColumnCount(FirstShareColumn + static_cast<int>(m_workloads.size()));
    // The year column as narrow as "2026", tokens as wide as "2,100 trillion/day" on one line
    // (a shared width wrapped it onto two, and every row doubled); the drivers share the rest.
    horizontalHeader()->setSectionResizeMode(YearColumn, QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(TokensColumn, QHeaderView::ResizeToContents);
    QStringList headers { tr("Year"), tr("Tokens per day"), tr("TTFT target (s)"), tr("TPOT target (s)") };
    QStringList tips { headers[0], headers[1],
        tr("The year's default time-to-first-token target, for the workloads without their own (the Workloads "
           "pages show each one's)"),
        tr("The year's default time-per-output-token target, for the workloads without their own (the Workloads "
           "pages show each one's)") };
    for (const auto& w : m_workloads) {
        headers << tr("%1 share").arg(m_document->workloadName(w));
        tips << tr("Share of requests: %1").arg(m_document->workloadFullName(w));
    }
    setTitles(headers, tips);
    for (int r = 0; r < rowCount(); ++r) {
        const OutlookYear& y = card.years[static_cast<size_t>(r)];
        setYearItem(r);
        setItem(r, TokensColumn, new QTableWidgetItem(tokensText(y.tokensPerDay)));
        setItem(r, TtftColumn, new QTableWidgetItem(QString::number(y.targets.ttft(), 'g', 4)));
        setItem(r, TpotColumn, new QTableWidgetItem(QString::number(y.targets.tpot(), 'g', 4)));
        for (size_t w = 0; w < m_workloads.size(); ++w)
            setItem(
                r, FirstShareColumn + static_cast<int>(w), new QTableWidgetItem(shareText(shareOf(y, m_workloads[w]))));
    }
    // Each driver cell names the source of its figure, or says it is an assumption.
    for (int r = 0; r < rowCount(); ++r) {
        const OutlookYear& y = card.years[static_cast<size_t>(r)];
        for (int c = TokensColumn; c < columnCount(); ++c)
            item(r, c)->setToolTip(OutlookSourcesPanel::sourceTip(card, y,
                c == TokensColumn     ? "tokens_per_day"
                    : c == TtftColumn ? kTtftSecondsKey
                    : c == TpotColumn ? kTpotSecondsKey
                                      : "mix"));
    }
    // A year driven by demand gives each workload's requests a day: its tokens and shares
    // follow from them, shown (the tokens as the document's result sized them) but not edited here.
    for (int r = 0; r < rowCount(); ++r) {
        const OutlookYear& y = card.years[static_cast<size_t>(r)];
        if (!y.drivenByDemand())
            continue;
        for (int c = TokensColumn; c < columnCount(); ++c) {
            if (c == TtftColumn || c == TpotColumn)
                continue;
            QTableWidgetItem* cell = item(r, c);
            cell->setFlags(cell->flags() & ~Qt::ItemIsEditable);
            QFont f = cell->font();
            f.setItalic(true);
            cell->setFont(f);
            cell->setToolTip(demandTip(y.year, cell->toolTip()));
        }
    }
    showDemandTokens();
    finishFill();
    if (m_document->hasResult())
        showSupplyShares();
}

QString OutlookDriversTable::demandTip(int year, const QString& sourceTip)
{
    return tr("%1 is driven by demand: each workload's requests (or sessions) a day set the shares, "
              "and the tokens a day are requests × context, an output.\n%2")
        .arg(year)
        .arg(sourceTip);
}

std::optional<double> OutlookDriversTable::sizedTokens(int row) const
{
    if (!resultIsCurrent() || !m_document->hasResult() || !m_document->errorMessage().isEmpty())
        return std::nullopt;
    const auto& years = m_document->result().result.years;
    const auto& card = m_document->card().years;
    if (row < 0 || size_t(row) >= years.size() || size_t(row) >= card.size()
        || years[size_t(row)].year != card[size_t(row)].year)
        return std::nullopt;
    return years[size_t(row)].tokensPerDay;
}

void OutlookDriversTable::showDemandTokens()
{
    const QScopedValueRollback<bool> filling(m_filling, true);
    const auto& years = m_document->card().years;
    for (int r = 0; r < rowCount() && size_t(r) < years.size(); ++r) {
        QTableWidgetItem* cell = item(r, TokensColumn);
        if (!cell || !years[size_t(r)].drivenByDemand())
            continue;
        const std::optional<double> tokens = sizedTokens(r);
        cell->setText(tokens ? tokensText(*tokens) : tr("—"));
    }
}

void OutlookDriversTable::resultEvaluated()
{
    showDemandTokens();
}

QString OutlookDriversTable::editCell(int row, int column, double value)
{
    switch (column) {
    case TokensColumn:
        return m_document->editDriver(row, "tokens_per_day", value);
    case TtftColumn:
        return m_document->editDriver(row, kTtftSecondsKey, value);
    case TpotColumn:
        return m_document->editDriver(row, kTpotSecondsKey, value);
    default:
        break;
    }
    const int w = column - FirstShareColumn;
    if (w < 0 || w >= static_cast<int>(m_workloads.size()))
        return tr("no such driver");
    return m_document->editDriver(row, kOutlookShareKey, value, m_workloads[static_cast<size_t>(w)]);
}

void OutlookDriversTable::cellEdited(QTableWidgetItem* item)
{
    if (m_filling || !item)
        return;
    // Tokens per day take SI units ("210 T"), shares are in percent; TTFT and TPOT in seconds.
    std::optional<double> value;
    if (item->column() == TokensColumn)
        value = parseTokens(item->text());
    else if (item->column() >= FirstShareColumn)
        value = parseShare(item->text());
    else {
        bool ok = false;
        const double local = QLocale().toDouble(item->text(), &ok);
        const double plain = ok ? local : item->text().toDouble(&ok);
        if (ok)
            value = plain;
    }
    const int c = item->column();
    const QString driver = c == TokensColumn ? OutlookDocument::driverName("tokens_per_day")
        : c == TtftColumn                    ? OutlookDocument::driverName(kTtftSecondsKey)
        : c == TpotColumn
        ? OutlookDocument::driverName(kTpotSecondsKey)
        : OutlookDocument::driverName(kOutlookShareKey, m_workloads[static_cast<size_t>(c - FirstShareColumn)]);
    // The edit fills the table anew: `item` is gone once it is made.
    const int row = item->row();
    const QString error = value ? editCell(row, c, *value) : tr("%1: not a number: %2").arg(driver, item->text());
    report(row, error);
}

void OutlookDriversTable::showSupplyShares()
{
    // Each year's needed bytes as a share of the industry's bit supply (the card's, else the
    // built-in series').
    // A tooltip set is an itemChanged too: not an edit.
    if (!m_document->hasResult())
        return;
    const QScopedValueRollback<bool> filling(m_filling, true);
    const OutlookResult& result = m_document->result().result;
    for (int r = 0; r < rowCount() && r < static_cast<int>(result.years.size()); ++r) {
        QTableWidgetItem* cell = item(r, YearColumn);
        const OutlookTiers& share = result.years[static_cast<size_t>(r)].supply.needShare;
        if (!cell)
            continue;
        QStringList parts;
        for (Tier t : kTiers)
            if (std::isfinite(share[t]))
                parts << tr("%1 %2 %").arg(t == Tier::Hbm ? tr("HBM")
                        : t == Tier::Dram                 ? tr("DRAM")
                                                          : tr("NAND"),
                    QString::number(share[t] * 100, 'g', 3));
        cell->setToolTip(parts.isEmpty()
                ? QString()
                : tr("Needed bytes as a share of the industry's bit supply (inference serving only; training, idle "
                     "and non-AI demand excluded): %1")
                      .arg(parts.join(tr(", "))));
    }
}

} // namespace kvtiers::ui
