#include "ui/outlook/OutlookView.h"

#include "core/io/InputError.h"
#include "core/report/OutlookReport.h"
#include "ui/charts/OutlookChart.h"
#include "ui/common/StateCommand.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/export/ReportRender.h"
#include "ui/text/Translate.h"
#include "ui/widgets/WrappingHeaderView.h"

#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopedValueRollback>
#include <QSignalBlocker>
#include <QStyle>
#include <QTabWidget>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <cmath>

namespace kvtiers::ui {

using OutlookCommand = StateCommand<OutlookView, OutlookCard, &OutlookView::setCard, 3>;

namespace {
QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

/// A year's share of `workload`, 0 if it is not in the year's mix.
double shareOf(const OutlookYear& y, const std::string& workload)
{
    for (const auto& e : y.mix)
        if (e.workload == workload)
            return e.share;
    return 0;
}

/// The picker's data for a saved outlook: "preset:" and its name (a built-in's is its id).
const QString kPresetPrefix = QStringLiteral("preset:");

/// The UI's language as outlook cards key their translations ("ko"; "en" otherwise).
std::string uiLanguage()
{
    return QLocale().language() == QLocale::Korean ? "ko" : "en";
}

/// SI prefixes for tokens per day, largest first, with their powers of ten.
constexpr std::array<std::pair<char, int>, 6> kSiPrefixes { { { 'E', 18 }, { 'P', 15 }, { 'T', 12 }, { 'G', 9 },
    { 'M', 6 }, { 'k', 3 } } };
} // namespace

QString OutlookView::tokensText(double tokensPerDay)
{
    for (const auto& [prefix, power] : kSiPrefixes) {
        const double scale = std::pow(10.0, power);
        if (std::abs(tokensPerDay) >= scale)
            return tr("%1 %2/day")
                .arg(QString::number(tokensPerDay / scale, 'g', 4), QString(QChar::fromLatin1(prefix)));
    }
    return tr("%1/day").arg(QString::number(tokensPerDay, 'g', 4));
}

std::optional<double> OutlookView::parseTokens(const QString& text)
{
    static const QRegularExpression form(QStringLiteral(R"(^\s*([0-9.,eE+-]+)\s*([kKMGTPE]?)\s*(?:/\s*\S+)?\s*$)"));
    const QRegularExpressionMatch m = form.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    int power = 0;
    if (!m.captured(2).isEmpty()) {
        const char prefix = m.captured(2).at(0).toLatin1();
        for (const auto& [p, n] : kSiPrefixes)
            if (p == prefix || (prefix == 'K' && p == 'k'))
                power = n;
    }
    // The number and its power as one literal, so "2.1 P" reads exactly as 2.1e15 does; a
    // number in the user's locale ("2,5") otherwise.
    const QString number = m.captured(1);
    bool ok = false;
    double value = QString(number + QStringLiteral("e%1").arg(power)).toDouble(&ok);
    if (!ok)
        value = QLocale().toDouble(number, &ok) * std::pow(10.0, power);
    return ok ? std::optional<double>(value) : std::nullopt;
}

QString OutlookView::shareText(double share)
{
    return tr("%1 %").arg(QString::number(share * 100, 'g', 4));
}

std::optional<double> OutlookView::parseShare(const QString& text)
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

OutlookView::OutlookView(const CardCatalog& catalog, QWidget* parent)
    : QWidget(parent)
    , m_catalog(catalog)
    , m_undoStack(new QUndoStack(this))
{
    setObjectName(QStringLiteral("outlookView"));
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &OutlookView::computeNow);

    buildTable();

    // The drivers across the top (one row per year, every row shown), one chart at a time under
    // them, each at the tab's full width so its title, legend and labels are read whole.
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildHeader());
    layout->addWidget(m_table);
    layout->addWidget(buildCharts(), 1);

    if (!m_catalog.outlooks().empty())
        showOutlook(m_catalog.outlooks().count("steady") ? "steady" : m_catalog.outlooks().begin()->first);
}

QWidget* OutlookView::buildHeader()
{
    auto* header = new QWidget(this);
    auto* row = new QHBoxLayout(header);
    row->setContentsMargins(0, 0, 0, 0);
    auto* pickLabel = new QLabel(header);
    m_picker = new QComboBox(header);
    m_picker->setObjectName(QStringLiteral("outlookPicker"));
    fillPicker();
    pickLabel->setBuddy(m_picker);
    m_status = new QLabel(header);
    m_status->setObjectName(QStringLiteral("outlookStatus"));
    m_status->setWordWrap(true);
    m_export = new QPushButton(header);
    m_export->setObjectName(QStringLiteral("outlookExport"));
    m_savePreset = new QPushButton(header);
    m_savePreset->setObjectName(QStringLiteral("outlookSavePreset"));
    row->addWidget(pickLabel);
    row->addWidget(m_picker);
    row->addWidget(m_status, 1);
    row->addWidget(m_savePreset);
    row->addWidget(m_export);
    m_texts([=, this] {
        pickLabel->setText(tr("O&utlook:"));
        m_picker->setItemText(m_picker->count() - 1, tr("Open file…"));
        m_picker->setToolTip(tr("A built-in outlook, or an outlook card file"));
        m_export->setText(tr("E&xport…"));
        m_export->setToolTip(tr("The thesis chart as PNG, SVG or PDF; the years as CSV; the outlook as a card (JSON)"));
        m_savePreset->setText(tr("Save as pre&set…"));
        m_savePreset->setToolTip(tr("Saves the outlook as edited under a name; the picker lists it"));
        for (int i = 0; i < m_picker->count(); ++i)
            if (const QString data = m_picker->itemData(i).toString(); data.startsWith(kPresetPrefix))
                m_picker->setItemText(i, tr("Saved: %1").arg(data.mid(kPresetPrefix.size())));
    });
    connect(m_picker, &QComboBox::activated, this, &OutlookView::pickChanged);
    connect(m_savePreset, &QPushButton::clicked, this, &OutlookView::saveWithDialog);
    connect(m_export, &QPushButton::clicked, this, &OutlookView::exportWithDialog);
    return header;
}

QTabWidget* OutlookView::buildCharts()
{
    m_chartTabs = new QTabWidget(this);
    m_chartTabs->setObjectName(QStringLiteral("outlookCharts"));
    m_chartTabs->setDocumentMode(true);
    m_indexChart = new OutlookChart(OutlookChart::Mode::Index, m_chartTabs);
    m_bytesChart = new OutlookChart(OutlookChart::Mode::Bytes, m_chartTabs);
    // The tornado's page: the tier it is for, then the chart.
    auto* tornadoPage = new QWidget(m_chartTabs);
    auto* tierLabel = new QLabel(tornadoPage);
    m_tierPicker = new QComboBox(tornadoPage);
    m_tierPicker->setObjectName(QStringLiteral("outlookTornadoTier"));
    m_tierPicker->addItems({ QString(), QString(), QString() });
    tierLabel->setBuddy(m_tierPicker);
    m_tornadoChart = new OutlookTornadoChart(tornadoPage);
    auto* tierRow = new QHBoxLayout;
    tierRow->addWidget(tierLabel);
    tierRow->addWidget(m_tierPicker);
    tierRow->addStretch(1);
    auto* pageLayout = new QVBoxLayout(tornadoPage);
    pageLayout->setContentsMargins(0, 4, 0, 0);
    pageLayout->addLayout(tierRow);
    pageLayout->addWidget(m_tornadoChart, 1);
    m_chartTabs->addTab(m_indexChart, QString());
    m_chartTabs->addTab(m_bytesChart, QString());
    m_chartTabs->addTab(tornadoPage, QString());
    m_texts([=, this] {
        m_chartTabs->setTabText(0, tr("Growth index"));
        m_chartTabs->setTabText(1, tr("Bytes per year"));
        m_chartTabs->setTabText(2, tr("What moves each tier"));
        tierLabel->setText(tr("&Tier:"));
        m_tierPicker->setItemText(0, tr("HBM"));
        m_tierPicker->setItemText(1, tr("DRAM"));
        m_tierPicker->setItemText(2, tr("SSD"));
    });
    connect(m_tierPicker, &QComboBox::currentIndexChanged, this, [this] {
        if (m_tornado)
            m_tornadoChart->setTornado(*m_tornado, m_tierPicker->currentIndex());
    });
    return m_chartTabs;
}

void OutlookView::buildTable()
{
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("outlookDrivers"));
    m_table->verticalHeader()->setVisible(false);
    // Columns share the width and their titles wrap onto more lines (the workload's full name
    // in the tooltip), so the table never scrolls sideways; its height is its rows' (fillTable).
    auto* header = new WrappingHeaderView(m_table);
    m_table->setHorizontalHeader(header);
    header->setSectionResizeMode(QHeaderView::Stretch);
    header->setMinimumSectionSize(40);
    // A narrower column wraps its title onto more lines: the header and the table grow to it.
    connect(header, &QHeaderView::sectionResized, this, [this] {
        QMetaObject::invokeMethod(m_table, "updateGeometries", Qt::QueuedConnection);
        QMetaObject::invokeMethod(
            this,
            [this] {
                fitHeaderTitles();
                fitTableHeight();
            },
            Qt::QueuedConnection);
    });
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(m_table, &QTableWidget::itemChanged, this, &OutlookView::cellEdited);
}

bool OutlookView::showOutlook(const std::string& id)
{
    const auto it = m_catalog.outlooks().find(id);
    if (it == m_catalog.outlooks().end())
        return false;
    m_undoStack->clear();
    setCard(it->second);
    const int index = m_picker->findData(qs(id));
    if (index >= 0)
        m_picker->setCurrentIndex(index);
    return true;
}

QString OutlookView::workloadTitle(const std::string& id) const
{
    // A card's name reads "Short name: details"; the short name heads its column.
    const auto it = m_catalog.workloads().find(id);
    if (it == m_catalog.workloads().end() || it->second.name.empty())
        return qs(id);
    const QString name = qs(it->second.name);
    const qsizetype colon = name.indexOf(u':');
    if (colon <= 0)
        return qs(id);
    // Its first words, up to 16 characters, keep the column's title to a few short lines.
    QString title;
    for (const QString& word : name.left(colon).split(u' ', Qt::SkipEmptyParts)) {
        if (!title.isEmpty() && title.size() + 1 + word.size() > 16)
            break;
        title += (title.isEmpty() ? QString() : QStringLiteral(" ")) + word;
    }
    return title;
}

QString OutlookView::openFile(const QString& path)
{
    try {
        const std::string file = path.toStdString();
        OutlookCard card = loadOutlookCard(readInputFile(file), file);
        validateOutlook(m_catalog, card);
        m_undoStack->clear();
        setCard(card);
        return {};
    } catch (const InputError& e) {
        return QString::fromUtf8(e.what());
    }
}

void OutlookView::fillPicker()
{
    const QString current = m_picker->currentData().toString();
    const QSignalBlocker block(m_picker);
    m_picker->clear();
    for (const auto& [id, card] : m_catalog.outlooks())
        m_picker->addItem(qs(id), qs(id));
    for (const QString& name : presetNames())
        m_picker->addItem(tr("Saved: %1").arg(name), QString(kPresetPrefix + name));
    m_picker->addItem(tr("Open file…"), QString());
    if (const int at = m_picker->findData(current); at >= 0 && !current.isEmpty())
        m_picker->setCurrentIndex(at);
}

QStringList OutlookView::presetNames() const
{
    QStringList names;
    for (const auto& p : m_presets.outlookPresets())
        names << qs(p.name);
    return names;
}

QString OutlookView::saveAsPreset(const QString& name)
{
    const Status s = m_presets.saveOutlook(name.toStdString(), m_card);
    if (!s.ok())
        return translated(s.message());
    fillPicker();
    m_picker->setCurrentIndex(m_picker->findData(QString(kPresetPrefix + name)));
    return {};
}

QString OutlookView::showPreset(const QString& name)
{
    m_presets.reload();
    const OutlookPreset* saved = m_presets.findOutlook(name.toStdString());
    if (!saved)
        return tr("no saved outlook called \"%1\"").arg(name);
    const OutlookCard card = saved->outlook;
    m_undoStack->clear();
    setCard(card);
    fillPicker();
    m_picker->setCurrentIndex(m_picker->findData(QString(kPresetPrefix + name)));
    return {};
}

void OutlookView::saveWithDialog()
{
    bool ok = false;
    const QString name = QInputDialog::getText(
        this, tr("Save the outlook as a preset"), tr("Name:"), QLineEdit::Normal, qs(m_card.nameIn(uiLanguage())), &ok);
    if (!ok)
        return;
    const QString error = saveAsPreset(name);
    emit message(error.isEmpty() ? tr("Outlook: saved as \"%1\"").arg(name) : tr("Outlook: %1").arg(error));
}

void OutlookView::pickChanged(int index)
{
    const QString id = m_picker->itemData(index).toString();
    if (id.startsWith(kPresetPrefix)) {
        const QString error = showPreset(id.mid(kPresetPrefix.size()));
        if (!error.isEmpty())
            emit message(tr("Outlook: %1").arg(error));
        return;
    }
    if (!id.isEmpty()) {
        showOutlook(id.toStdString());
        return;
    }
    const QString path
        = FileDialog::getOpenFileName(this, tr("Open an outlook"), tr("Outlook cards (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    const QString error = openFile(path);
    emit message(error.isEmpty() ? tr("Outlook: read %1").arg(path) : error);
}

void OutlookView::setCard(const OutlookCard& card)
{
    m_card = card;
    m_workloads.clear();
    for (const auto& y : m_card.years)
        for (const auto& e : y.mix)
            if (std::find(m_workloads.begin(), m_workloads.end(), e.workload) == m_workloads.end())
                m_workloads.push_back(e.workload);
    fillTable();
    schedule();
}

void OutlookView::fillTable()
{
    m_filling = true;
    m_table->clear();
    m_table->setRowCount(static_cast<int>(m_card.years.size()));
    m_table->setColumnCount(FirstShareColumn + static_cast<int>(m_workloads.size()));
    // The year column as narrow as "2026"; the drivers share the rest.
    m_table->horizontalHeader()->setSectionResizeMode(YearColumn, QHeaderView::ResizeToContents);
    QStringList headers { tr("Year"), tr("Tokens per day"), tr("TTFT target (s)"), tr("TPOT target (s)") };
    QStringList tips = headers;
    for (const auto& w : m_workloads) {
        headers << tr("%1 share").arg(workloadTitle(w));
        const auto card = m_catalog.workloads().find(w);
        tips << tr("Share of requests: %1").arg(card == m_catalog.workloads().end() ? qs(w) : qs(card->second.name));
    }
    m_table->setHorizontalHeaderLabels(headers);
    m_headerTitles = headers;
    for (int c = 0; c < m_table->columnCount(); ++c)
        m_table->horizontalHeaderItem(c)->setToolTip(tips.at(c));
    for (int r = 0; r < m_table->rowCount(); ++r) {
        const OutlookYear& y = m_card.years[static_cast<size_t>(r)];
        auto* year = new QTableWidgetItem(QString::number(y.year));
        year->setFlags(year->flags() & ~Qt::ItemIsEditable);
        m_table->setItem(r, YearColumn, year);
        m_table->setItem(r, TokensColumn, new QTableWidgetItem(tokensText(y.tokensPerDay)));
        m_table->setItem(r, TtftColumn, new QTableWidgetItem(QString::number(y.targets.ttft(), 'g', 4)));
        m_table->setItem(r, TpotColumn, new QTableWidgetItem(QString::number(y.targets.tpot(), 'g', 4)));
        for (size_t w = 0; w < m_workloads.size(); ++w)
            m_table->setItem(
                r, FirstShareColumn + static_cast<int>(w), new QTableWidgetItem(shareText(shareOf(y, m_workloads[w]))));
    }
    for (int r = 0; r < m_table->rowCount(); ++r)
        for (int c = 0; c < m_table->columnCount(); ++c)
            m_table->item(r, c)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_table->resizeRowsToContents();
    fitHeaderTitles();
    fitTableHeight();
    m_filling = false;
}

void OutlookView::fitHeaderTitles()
{
    // Titles wrap between words; a single word wider than its column (a long workload name
    // in a narrow window) is elided, and the tooltip keeps the whole name.
    QHeaderView* header = m_table->horizontalHeader();
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    const QFontMetrics metrics = header->fontMetrics();
    for (int c = 0; c < m_table->columnCount() && c < m_headerTitles.size(); ++c) {
        const int room = header->sectionSize(c) - 2 * margin;
        QStringList words = m_headerTitles.at(c).split(u' ');
        for (QString& word : words)
            if (metrics.horizontalAdvance(word) > room)
                word = metrics.elidedText(word, Qt::ElideRight, room);
        const QString title = words.join(u' ');
        if (QTableWidgetItem* item = m_table->horizontalHeaderItem(c); item && item->text() != title)
            item->setText(title);
    }
}

void OutlookView::fitTableHeight()
{
    int height = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth();
    for (int r = 0; r < m_table->rowCount(); ++r)
        height += m_table->rowHeight(r);
    m_table->setFixedHeight(height);
}

QString OutlookView::editDriver(int row, int column, double value)
{
    if (row < 0 || row >= static_cast<int>(m_card.years.size()) || column <= YearColumn
        || column >= FirstShareColumn + static_cast<int>(m_workloads.size()))
        return tr("no such driver");
    if (!std::isfinite(value) || value < 0)
        return tr("a driver is a number of at least 0");
    OutlookCard next = m_card;
    OutlookYear& y = next.years[static_cast<size_t>(row)];
    QString what;
    if (column == TokensColumn || column == TtftColumn || column == TpotColumn) {
        if (!(value > 0))
            return tr("must be more than 0");
        // The year's targets are all set (a year reads its defaults in): the figure in force.
        const double now = column == TokensColumn ? y.tokensPerDay
            : column == TtftColumn                ? y.targets.ttft()
                                                  : y.targets.tpot();
        if (now == value)
            return {};
        if (column == TokensColumn)
            y.tokensPerDay = value;
        else
            (column == TtftColumn ? y.targets.ttftSeconds : y.targets.tpotSeconds) = value;
        what = column == TokensColumn ? tr("tokens per day")
            : column == TtftColumn    ? tr("TTFT target")
                                      : tr("TPOT target");
    } else {
        // One share set; the year's other shares rescaled so the mix still sums to 1.
        if (value > 1)
            return tr("a share is between 0 and 1");
        const std::string& workload = m_workloads[static_cast<size_t>(column - FirstShareColumn)];
        auto it = std::find_if(y.mix.begin(), y.mix.end(), [&](const auto& e) { return e.workload == workload; });
        if (it == y.mix.end())
            it = y.mix.insert(y.mix.end(), OutlookMixEntry { workload, 0, {} });
        if (it->share == value)
            return {};
        double others = 0;
        for (const auto& e : y.mix)
            others += &e == &*it ? 0 : e.share;
        if (!(others > 0) && value < 1)
            return tr("the other workloads have no share to take up the rest");
        for (auto& e : y.mix)
            e.share = &e == &*it ? value : e.share * (1 - value) / others;
        what = tr("share of %1").arg(qs(workload));
    }
    m_undoStack->push(new OutlookCommand(this, m_card, next, tr("Outlook %1: %2").arg(y.year).arg(what),
        "outlook:" + std::to_string(row) + ":" + std::to_string(column)));
    return {};
}

void OutlookView::cellEdited(QTableWidgetItem* item)
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
    const QString error
        = value ? editDriver(item->row(), item->column(), *value) : tr("not a number: %1").arg(item->text());
    if (!error.isEmpty()) {
        emit message(tr("Outlook: %1").arg(error));
        fillTable(); // shows the value in effect again
    }
}

void OutlookView::schedule()
{
    m_timer.start();
}

void OutlookView::flush()
{
    if (m_timer.isActive()) {
        m_timer.stop();
        computeNow();
    }
}

void OutlookView::computeNow()
{
    m_error.clear();
    try {
        validateOutlook(m_catalog, m_card);
        m_result = computeOutlook(m_catalog, m_card);
        m_tornado = outlookTornado(m_catalog, m_card);
        m_indexChart->setResult(*m_result);
        m_bytesChart->setResult(*m_result);
        m_tornadoChart->setTornado(*m_tornado, m_tierPicker->currentIndex());
        showSupplyShares();
    } catch (const InputError& e) {
        m_result.reset();
        m_tornado.reset();
        m_error = QString::fromUtf8(e.what());
    }
    retranslateUi();
    emit computed();
}

void OutlookView::retranslateUi()
{
    if (!m_error.isEmpty())
        m_status->setText(tr("Cannot size this outlook: %1").arg(m_error));
    else
        m_status->setText(tr("%1: a scenario, not a forecast.").arg(qs(m_card.nameIn(uiLanguage()))));
    m_status->setToolTip(qs(m_card.notesIn(uiLanguage())));
    if (m_result)
        showSupplyShares();
}

void OutlookView::showSupplyShares()
{
    // Each year's needed bytes as a share of the industry's bit supply, where the card gives it.
    // A tooltip set is an itemChanged too: not an edit.
    const QScopedValueRollback<bool> filling(m_filling, true);
    for (int r = 0; r < m_table->rowCount() && m_result && r < static_cast<int>(m_result->years.size()); ++r) {
        QTableWidgetItem* item = m_table->item(r, YearColumn);
        const auto& share = m_result->years[static_cast<size_t>(r)].supplyShare;
        if (!item)
            continue;
        QStringList parts;
        const QString tiers[] = { tr("HBM"), tr("DRAM"), tr("NAND") };
        for (int t = 0; share && t < 3; ++t)
            if (std::isfinite(share->at(t)))
                parts << tr("%1 %2 %").arg(tiers[t], QString::number(share->at(t) * 100, 'g', 3));
        item->setToolTip(
            parts.isEmpty() ? QString() : tr("Share of the industry's bit supply: %1").arg(parts.join(tr(", "))));
    }
}

QString OutlookView::exportTo(const QString& path) const
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("json"))
        return ChartExporter::writeFile(path, QByteArray::fromStdString(outlookCardToJson(m_card).dump(2) + "\n"));
    if (!m_result)
        return tr("%1: the outlook cannot be sized: %2").arg(path, m_error);
    if (suffix == QLatin1String("csv"))
        return ChartExporter::writeFile(path, QByteArray::fromStdString(outlookCsv(*m_result)));
    ExportFormat format;
    if (!ChartExporter::formatForPath(path, &format) || format == ExportFormat::Csv || format == ExportFormat::Json)
        return tr("%1: export as .png, .svg, .pdf, .csv or .json").arg(path);
    auto chart = report::offscreenChart<OutlookChart>();
    chart->setResult(*m_result);
    return report::renderToFile(
        chart.get(), path, format, m_exportOptions, tr("%1: a scenario, not a forecast").arg(qs(m_card.name)));
}

void OutlookView::exportWithDialog()
{
    flush();
    const QString path = FileDialog::getSaveFileName(this, tr("Export the outlook"), qs(m_card.id) + ".png",
        tr("PNG image (*.png);;SVG image (*.svg);;PDF (*.pdf);;CSV (*.csv);;Outlook card (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = exportTo(path);
    emit message(error.isEmpty() ? tr("Outlook: wrote %1").arg(path) : error);
}

void OutlookView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        fillTable();
        retranslateUi();
    }
    QWidget::changeEvent(event);
}

} // namespace kvtiers::ui
