#include "ui/outlook/OutlookWorkloadTable.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "ui/outlook/OutlookDocument.h"
#include "ui/outlook/OutlookDriversTable.h"
#include "ui/outlook/OutlookSourcesPanel.h"
#include "ui/text/CardText.h"

#include <QComboBox>
#include <QHeaderView>
#include <QRegularExpression>
#include <QScopedValueRollback>
#include <QStyledItemDelegate>

#include <algorithm>
#include <functional>

namespace kvtiers::ui {

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

/// A cell edited by picking one of a list (the model, the KV format): the pick's value is
/// the item's Qt::UserRole, which the table reads as typed text.
class ChoiceDelegate : public QStyledItemDelegate {
public:
    using Choices = std::function<QList<QPair<QString, QString>>()>;
    ChoiceDelegate(Choices choices, QObject* parent)
        : QStyledItemDelegate(parent)
        , m_choices(std::move(choices))
    {
    }

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override
    {
        auto* combo = new QComboBox(parent);
        for (const auto& [text, value] : m_choices())
            combo->addItem(text, value);
        // A pick is the edit: no Enter needed.
        connect(combo, &QComboBox::activated, this, [this, combo] {
            auto* self = const_cast<ChoiceDelegate*>(this);
            emit self->commitData(combo);
            emit self->closeEditor(combo);
        });
        return combo;
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override
    {
        auto* combo = static_cast<QComboBox*>(editor);
        int at = combo->findData(index.data(Qt::UserRole));
        if (at < 0) { // a value the list does not offer (a "6bit" KV format): kept as it is
            combo->addItem(index.data().toString(), index.data(Qt::UserRole));
            at = combo->count() - 1;
        }
        combo->setCurrentIndex(at);
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override
    {
        model->setData(index, static_cast<QComboBox*>(editor)->currentData(), Qt::UserRole);
    }

private:
    Choices m_choices;
};

/// The source figure a field's override cites: the year's workload overrides, or (a mix
/// entry's own target) the mix.
const char* figureOf(OutlookWorkloadField field)
{
    return field == OutlookWorkloadField::Ttft || field == OutlookWorkloadField::Tpot ? "mix" : "workloads";
}

} // namespace

OutlookWorkloadTable::OutlookWorkloadTable(OutlookDocument* document, QWidget* parent)
    : OutlookYearTable(document, parent)
{
    setObjectName(QStringLiteral("outlookWorkloadDrivers"));
    setWordWrap(false); // one line a year: a long name is elided, whole in its tooltip
    setItemDelegateForColumn(
        columnOf(OutlookWorkloadField::Model), new ChoiceDelegate([this] { return modelChoices(); }, this));
    setItemDelegateForColumn(columnOf(OutlookWorkloadField::KvFormat), new ChoiceDelegate(&kvChoices, this));
    connect(this, &QTableWidget::itemChanged, this, &OutlookWorkloadTable::cellEdited);
    const auto workloads = m_document->shareWorkloads();
    if (!workloads.empty())
        m_workload = workloads.front();
    fill();
}

void OutlookWorkloadTable::setWorkload(const std::string& workload)
{
    m_workload = workload;
    fill();
}

QString OutlookWorkloadTable::tokensCellText(double tokens)
{
    return tr("%1 tokens").arg(qs(formatTokens(tokens)));
}

QString OutlookWorkloadTable::targetText(double seconds, double percentile)
{
    return tr("%1 s (%2)").arg(qs(formatSignificant(seconds, 4)), qs(percentileName(percentile)));
}

QString OutlookWorkloadTable::countCellText(double count)
{
    // Short words as analysts write them, not SI letters ("B" would read as bytes); four
    // significant digits, as the cards give the figures.
    if (count >= 1e12)
        return tr("%1 tn").arg(qs(formatSignificant(count / 1e12, 4)));
    if (count >= 1e9)
        return tr("%1 bn").arg(qs(formatSignificant(count / 1e9, 4)));
    if (count >= 1e6)
        return tr("%1 mn").arg(qs(formatSignificant(count / 1e6, 4)));
    return qs(formatCount(count));
}

std::optional<double> OutlookWorkloadTable::parseCount(const QString& text)
{
    QString number = text.trimmed();
    int power = 0;
    // The words countCellText writes, in the UI's language.
    const std::pair<int, QString> words[] = { { 12, tr("%1 tn") }, { 9, tr("%1 bn") }, { 6, tr("%1 mn") } };
    for (const auto& [p, form] : words) {
        const QString before = form.section(QStringLiteral("%1"), 0, 0).trimmed();
        const QString after = form.section(QStringLiteral("%1"), 1).trimmed();
        if (!after.isEmpty() && number.startsWith(before) && number.endsWith(after, Qt::CaseInsensitive)) {
            number = number.mid(before.size(), number.size() - before.size() - after.size()).trimmed();
            power = p;
            break;
        }
    }
    // Or in English words, or a scale's letter: "25 billion", "44.86M", "8.3B".
    static const QRegularExpression scaled(
        QStringLiteral(R"(^(.*\d)\s*(k|K|M|B|G|T|thousand|million|billion|trillion|mn|bn|tn)$)"),
        QRegularExpression::CaseInsensitiveOption);
    if (const QRegularExpressionMatch m = scaled.match(number); power == 0 && m.hasMatch()) {
        const QString scale = m.captured(2);
        const QString lower = scale.toLower();
        power = lower == u"k" || lower == u"thousand"                 ? 3
            : scale == u"M" || lower == u"million" || lower == u"mn"  ? 6
            : scale == u"T" || lower == u"trillion" || lower == u"tn" ? 12
                                                                      : 9;
        number = m.captured(1).trimmed();
    }
    // "44.86 mn" exactly as 4.486e7; "950,000" as the cells write counts below a million.
    return OutlookDriversTable::parseScaled(number, power);
}

QList<QPair<QString, QString>> OutlookWorkloadTable::modelChoices() const
{
    QList<QPair<QString, QString>> out;
    for (const auto& [id, card] : m_document->catalog().models())
        out.append({ m_document->modelName(id), qs(id) });
    std::stable_sort(out.begin(), out.end(),
        [](const auto& a, const auto& b) { return QString::localeAwareCompare(a.first, b.first) < 0; });
    return out;
}

QList<QPair<QString, QString>> OutlookWorkloadTable::kvChoices()
{
    // The formats the KV knob's ladder moves along (4, 8, 16, 32 bits), by their names.
    QList<QPair<QString, QString>> out;
    for (double bits : { 32.0, 16.0, 8.0, 4.0 }) {
        const QString name = qs(KvFormat { bits, 0 }.name());
        out.append({ name, name });
    }
    return out;
}

void OutlookWorkloadTable::fill()
{
    const QScopedValueRollback<bool> filling(m_filling, true);
    const OutlookCard& card = m_document->card();
    clear();
    setRowCount(static_cast<int>(card.years.size()));
    setColumnCount(columnOf(OutlookWorkloadField::Tpot) + 1);
    // The year, the share, the format and the targets as wide as their figures (a target
    // with its percentile whole): the other columns share the rest.
    for (int c : { int(YearColumn), int(ShareColumn), columnOf(OutlookWorkloadField::KvFormat),
             columnOf(OutlookWorkloadField::Ttft), columnOf(OutlookWorkloadField::Tpot) })
        horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    const QString name = m_document->workloadName(m_workload);
    QStringList titles { tr("Year"), tr("Share of requests"), tr("Requests per day"), tr("Sessions per day"),
        tr("Requests per session"), tr("Context"), tr("Output"), tr("Prefix reuse"), tr("KV format"), tr("Model"),
        tr("TTFT target"), tr("TPOT target") };
    QStringList tips { tr("Year"), tr("%1's share of the year's requests").arg(name),
        tr("Requests %1 makes a day, in a year driven by demand: with the other workloads', they set the shares "
           "and the tokens a day")
            .arg(name),
        tr("Sessions of %1 a day, in a year driven by demand that gives it in sessions").arg(name),
        tr("Requests (turns) each session of %1 makes").arg(name),
        tr("Tokens of KV each sequence of %1 holds: prompt and output (the mean context)").arg(name),
        tr("Tokens %1 generates per request").arg(name),
        tr("Prefix-cache hit rate of %1: the share of prompt tokens served from cache").arg(name),
        tr("The KV cache's element format for %1").arg(name), tr("The model card %1 runs on").arg(name),
        tr("Time to first token %1 is sized for, at its percentile").arg(name),
        tr("Time per output token %1 is sized for, at its percentile").arg(name) };
    setTitles(titles, tips);
    for (int r = 0; r < rowCount(); ++r) {
        const OutlookYear& y = card.years[size_t(r)];
        setYearItem(r);
        std::vector<OutlookWorkloadDrivers> drivers;
        QString error;
        try {
            drivers = outlookWorkloadDrivers(m_document->catalog(), y);
        } catch (const InputError& e) {
            error = qs(e.what());
        }
        const auto d = std::find_if(
            drivers.begin(), drivers.end(), [&](const OutlookWorkloadDrivers& w) { return w.workload == m_workload; });
        if (d != drivers.end()) {
            fillRow(r, y, *d);
            continue;
        }
        // Not in this year's mix (or its scenario does not resolve): no drivers to show.
        for (int c = ShareColumn; c < columnCount(); ++c) {
            auto* cell = new QTableWidgetItem(QStringLiteral("–"));
            cell->setFlags(cell->flags() & ~Qt::ItemIsEditable);
            cell->setToolTip(error.isEmpty() ? tr("%1 is not in %2's mix").arg(name).arg(y.year) : error);
            setItem(r, c, cell);
        }
    }
    // The demand's columns where a year is driven by demand: an outlook driven by tokens
    // alone leaves their room to its other drivers, and one driven by demand alone shows the
    // shares its demand gives on the Traffic page, not here.
    const auto byDemand = [](const OutlookYear& y) { return y.drivenByDemand(); };
    const bool demand = std::any_of(card.years.begin(), card.years.end(), byDemand);
    for (int f = 0; f < kOutlookDemandFieldCount; ++f)
        setColumnHidden(columnOf(OutlookDemandField(f)), !demand);
    setColumnHidden(ShareColumn, !card.years.empty() && std::all_of(card.years.begin(), card.years.end(), byDemand));
    finishFill();
}

void OutlookWorkloadTable::fillRow(int row, const OutlookYear& y, const OutlookWorkloadDrivers& d)
{
    auto* share = new QTableWidgetItem(OutlookDriversTable::shareText(d.share));
    share->setToolTip(OutlookSourcesPanel::sourceTip(m_document->card(), y, "mix"));
    if (y.drivenByDemand()) {
        // An output there, as on the Traffic page: the demand sets it.
        share->setFlags(share->flags() & ~Qt::ItemIsEditable);
        QFont f = share->font();
        f.setItalic(true);
        share->setFont(f);
        share->setToolTip(OutlookDriversTable::demandTip(y.year, share->toolTip()));
    }
    setItem(row, ShareColumn, share);
    fillDemand(row, y, d);
    const QString texts[kOutlookWorkloadFieldCount] = { tokensCellText(d.context), tokensCellText(d.outputTokens),
        OutlookDriversTable::shareText(d.reuseRate), qs(d.kv.name()), modelText(d),
        targetText(d.targets.ttft(), d.targets.ttftAt()), targetText(d.targets.tpot(), d.targets.tpotAt()) };
    for (int f = 0; f < kOutlookWorkloadFieldCount; ++f) {
        const auto field = OutlookWorkloadField(f);
        auto* cell = new QTableWidgetItem(texts[f]);
        if (field == OutlookWorkloadField::Model)
            cell->setData(Qt::UserRole, qs(d.model));
        else if (field == OutlookWorkloadField::KvFormat)
            cell->setData(Qt::UserRole, qs(d.kv.name()));
        // What this outlook sets for the year stands out from the cards' own values.
        QFont font = cell->font();
        font.setBold(d.from(field) == OutlookDriverOrigin::Outlook);
        cell->setFont(font);
        cell->setToolTip(originTip(y, d, field));
        if (field == OutlookWorkloadField::Model) {
            const auto& models = m_document->catalog().models();
            if (const auto m = models.find(d.model); m != models.end())
                cell->setToolTip(cell->toolTip() + u'\n' + cardText(m->second.name));
            cell->setToolTip(cell->toolTip() + u'\n'
                + (d.expertParallel
                        ? tr("Served with DP attention and expert parallelism: units of %1 attention ranks of TP %2 "
                             "on %3 server(s), the experts over %4 GPUs")
                              .arg(d.dp)
                              .arg(d.tp)
                              .arg(d.nodes)
                              .arg(d.ep)
                        : tr("Served as tensor-parallel replicas of TP %1").arg(d.tp)));
        }
        setItem(row, columnOf(field), cell);
    }
}

QString OutlookWorkloadTable::modelText(const OutlookWorkloadDrivers& d) const
{
    const QString name = m_document->modelName(d.model);
    return d.expertParallel ? tr("%1, DP %2 × EP %3").arg(name).arg(d.dp).arg(d.ep) : name;
}

void OutlookWorkloadTable::fillDemand(int row, const OutlookYear& y, const OutlookWorkloadDrivers& d)
{
    const QString name = m_document->workloadName(d.workload);
    const QString set
        = tr("Set by this outlook for %1: %2")
              .arg(y.year)
              .arg(OutlookSourcesPanel::sourceTip(m_document->card(), y, outlookDemandFigure(y, d.workload)));
    const bool bySessions = d.sessionsPerDay && d.requestsPerSession;
    const std::optional<double> figures[] = { d.requestsPerDay, d.sessionsPerDay, d.requestsPerSession };
    for (int f = 0; f < kOutlookDemandFieldCount; ++f) {
        const auto field = OutlookDemandField(f);
        auto* cell = new QTableWidgetItem;
        if (!d.requestsPerDay || !figures[f]) {
            // A year driven by tokens sets shares, not demand; a workload given in requests a
            // day has no sessions.
            cell->setText(QStringLiteral("—"));
            cell->setFlags(cell->flags() & ~Qt::ItemIsEditable);
            cell->setToolTip(!d.requestsPerDay
                    ? tr("%1 is driven by tokens per day: each workload's share of requests is set, not its "
                         "requests or sessions a day")
                          .arg(y.year)
                    : tr("%1 gives %2's requests a day, not its sessions").arg(y.year).arg(name));
        } else {
            cell->setText(countCellText(*figures[f]));
            // Given in sessions, its requests a day are sessions × requests per session: typed,
            // they set the sessions a day.
            const bool derived = field == OutlookDemandField::RequestsPerDay && bySessions;
            QFont font = cell->font();
            font.setBold(!derived);
            cell->setFont(font);
            cell->setToolTip(derived ? tr("Sessions a day × requests per session (%1 × %2); a value typed sets the "
                                          "sessions a day")
                                           .arg(countCellText(*d.sessionsPerDay), countCellText(*d.requestsPerSession))
                                     : set);
        }
        setItem(row, columnOf(field), cell);
    }
}

QString OutlookWorkloadTable::originTip(
    const OutlookYear& y, const OutlookWorkloadDrivers& d, OutlookWorkloadField field) const
{
    const OutlookCard& card = m_document->card();
    const QString workloadCard = m_document->workloadFullName(d.workload);
    switch (d.from(field)) {
    case OutlookDriverOrigin::Outlook:
        return tr("Set by this outlook for %1: %2")
            .arg(y.year)
            .arg(OutlookSourcesPanel::sourceTip(card, y, figureOf(field)));
    case OutlookDriverOrigin::WorkloadCard:
        return tr("The workload card's own value (%1)").arg(workloadCard);
    case OutlookDriverOrigin::ModelCard:
        return tr("The model card's default KV format (%1): the workload card sets none")
            .arg(m_document->modelName(d.model));
    case OutlookDriverOrigin::YearDefault:
        return tr("The year's default target, for workloads without their own: %1")
            .arg(OutlookSourcesPanel::sourceTip(
                card, y, field == OutlookWorkloadField::Ttft ? kTtftSecondsKey : kTpotSecondsKey));
    case OutlookDriverOrigin::Builtin:
        break;
    }
    return tr("kvtiers' built-in default target (an assumption): no card sets one");
}

void OutlookWorkloadTable::cellEdited(QTableWidgetItem* item)
{
    if (m_filling || !item || item->column() < ShareColumn)
        return;
    // The edit fills the table anew: `item` is gone once it is made.
    const int row = item->row();
    if (item->column() == ShareColumn) {
        const std::optional<double> share = OutlookDriversTable::parseShare(item->text());
        report(row,
            share ? m_document->editDriver(row, kOutlookShareKey, *share, m_workload)
                  : tr("%1: not a number: %2")
                        .arg(OutlookDocument::driverName(kOutlookShareKey, m_workload), item->text()));
        return;
    }
    if (item->column() < FirstFieldColumn) {
        const auto field = OutlookDemandField(item->column() - FirstDemandColumn);
        const std::optional<double> value = parseCount(item->text());
        report(row,
            value ? m_document->editDemand(row, m_workload, field, *value)
                  : tr("%1: not a number: %2")
                        .arg(OutlookDocument::demandDriverName(field, m_document->workloadName(m_workload)),
                            item->text()));
        return;
    }
    const auto field = OutlookWorkloadField(item->column() - FirstFieldColumn);
    QString text = field == OutlookWorkloadField::Model || field == OutlookWorkloadField::KvFormat
        ? item->data(Qt::UserRole).toString()
        : item->text().trimmed();
    // The unit as this table writes it, in the UI's language ("48K tokens").
    const QString unit = tokensCellText(0).remove(u'0').trimmed();
    if (!unit.isEmpty() && text.endsWith(unit))
        text = text.chopped(unit.size()).trimmed();
    report(row, m_document->editWorkloadDriverText(row, m_workload, field, text));
}

} // namespace kvtiers::ui
