#include "ui/presets/CompareView.h"

#include "core/io/InputError.h"
#include "ui/charts/CompareChart.h"
#include "ui/common/DisplayOptions.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/presets/CompareTableModel.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScreen>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace kvtiers::ui {

namespace {
/// Room kept for the window manager's title bar and frame above and below the dialog.
constexpr int kTitleBarAllowance = 64;
} // namespace

CompareView::CompareView(const PresetStore* store, const CardCatalog* catalog, QWidget* parent)
    : QDialog(parent)
    , m_store(store)
    , m_catalog(catalog)
{
    setObjectName(QStringLiteral("compareView"));
    m_texts([this] { setWindowTitle(tr("Compare scenarios")); });
    // 1200 × 800 where the screen has room; on a laptop (1280 × 800, 1366 × 768) no taller
    // than its available height less a title bar, so Export and Close stay on the screen.
    const QRect room = (parent ? parent->screen() : QGuiApplication::primaryScreen())->availableGeometry();
    resize(std::min(1200, room.width() - 16), std::min(800, room.height() - kTitleBarAllowance));

    auto* layout = new QVBoxLayout(this);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    auto* left = new QWidget(splitter);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto* comparisonLabel = new QLabel(left);
    m_comparisonCombo = new QComboBox(left);
    m_comparisonCombo->setObjectName(QStringLiteral("comparisonCombo"));
    comparisonLabel->setBuddy(m_comparisonCombo);
    leftLayout->addWidget(comparisonLabel);
    leftLayout->addWidget(m_comparisonCombo);
    auto* listLabel = new QLabel(left);
    m_texts([comparisonLabel, listLabel] {
        comparisonLabel->setText(tr("&Built-in comparison:"));
        listLabel->setText(tr("Or tick 2 to 4 &presets (the first ticked is the baseline):"));
    });
    listLabel->setWordWrap(true);
    m_list = new QListWidget(left);
    m_list->setObjectName(QStringLiteral("comparePresetList"));
    listLabel->setBuddy(m_list);
    leftLayout->addWidget(listLabel);
    leftLayout->addWidget(m_list, 1);
    m_status = new QLabel(left);
    m_status->setObjectName(QStringLiteral("compareStatus"));
    m_status->setWordWrap(true);
    leftLayout->addWidget(m_status);
    splitter->addWidget(left);

    auto* right = new QSplitter(Qt::Vertical, splitter);
    m_chart = new CompareChart(right);
    m_chart->setObjectName(QStringLiteral("compareChart"));
    m_model = new CompareTableModel(this);
    m_table = new QTableView(right);
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    right->addWidget(m_chart);
    right->addWidget(m_table);
    right->setSizes({ 480, 320 });
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({ 280, 920 });
    layout->addWidget(splitter, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* exportButton = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    exportButton->setObjectName(QStringLiteral("compareExportButton"));
    m_texts([exportButton] {
        exportButton->setText(tr("&Export…"));
        exportButton->setToolTip(tr("The chart as PNG, SVG or PDF, or the table as CSV"));
    });
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(exportButton, &QPushButton::clicked, this, &CompareView::exportComparison);
    connect(m_list, &QListWidget::itemChanged, this, &CompareView::onItemChanged);
    connect(m_comparisonCombo, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            selectComparison(m_comparisonCombo->itemText(index));
    });
    setDisplayOptions(nullptr);
    refresh();
}

void CompareView::changeEvent(QEvent* event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

void CompareView::retranslateUi()
{
    m_texts.retranslate();
    // The list's "(built-in)" names, the status line, the table and the chart are worded
    // as they are made: list and compare again, the ticked presets kept.
    announceRetranslated(m_model);
    refresh();
}

void CompareView::setDisplayOptions(DisplayOptions* options)
{
    m_display = DisplayOptions::swap(m_display, options, this);
    // The chart relabels from the data it holds, then the comparison is shown again.
    connect(m_display, &DisplayOptions::unitsChanged, this, [this](ByteUnits units) { m_chart->setUnits(units); });
    connect(m_display, &DisplayOptions::unitsChanged, this, &CompareView::redisplay);
    redisplay();
}

void CompareView::refresh()
{
    m_updating = true;
    m_comparisonCombo->clear();
    m_comparisonCombo->addItem(tr("(pick presets below)"));
    for (const auto& c : m_store->comparisons())
        m_comparisonCombo->addItem(qs(c.name));
    m_list->clear();
    QStringList kept;
    for (const auto& p : m_store->presets()) {
        const QString name = qs(p.name);
        auto* item = new QListWidgetItem(p.builtin ? tr("%1 (built-in)").arg(name) : name, m_list);
        item->setData(Qt::UserRole, name);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        const bool on = m_picked.contains(name);
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        if (!p.notes.empty())
            item->setToolTip(qs(p.notes));
    }
    for (const QString& n : std::as_const(m_picked))
        if (m_store->find(n.toStdString()))
            kept << n;
    m_picked = kept;
    m_updating = false;
    recompute();
}

void CompareView::redisplay()
{
    m_model->setUnits(m_display->units());
    if (m_comparison) {
        m_chart->setComparison(*m_comparison);
        m_model->setComparison(*m_comparison);
    } else {
        m_chart->clear(); // still re-installs the axis ticker in the current units
    }
}

void CompareView::setPicked(const QStringList& names)
{
    m_picked = names.mid(0, 4);
    m_comparisonName.clear();
    m_updating = true;
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem* item = m_list->item(i);
        item->setCheckState(m_picked.contains(item->data(Qt::UserRole).toString()) ? Qt::Checked : Qt::Unchecked);
    }
    m_comparisonCombo->setCurrentIndex(0);
    m_updating = false;
    recompute();
}

bool CompareView::selectComparison(const QString& name)
{
    for (const auto& c : m_store->comparisons()) {
        if (qs(c.name) != name)
            continue;
        QStringList names;
        for (const auto& p : c.presetNames)
            names << qs(p);
        setPicked(names);
        m_comparisonName = name;
        m_comparisonCombo->setCurrentIndex(m_comparisonCombo->findText(name));
        return true;
    }
    return false;
}

void CompareView::onItemChanged(QListWidgetItem* item)
{
    if (m_updating)
        return;
    const QString name = item->data(Qt::UserRole).toString();
    m_comparisonName.clear();
    m_comparisonCombo->setCurrentIndex(0);
    if (item->checkState() == Qt::Checked) {
        if (m_picked.size() >= 4) {
            m_updating = true;
            item->setCheckState(Qt::Unchecked);
            m_updating = false;
            m_status->setText(tr("At most 4 presets side by side: untick one first."));
            return;
        }
        if (!m_picked.contains(name))
            m_picked << name;
    } else {
        m_picked.removeAll(name);
    }
    recompute();
}

QString CompareView::comparisonTitle() const
{
    if (!m_comparisonName.isEmpty())
        return m_comparisonName;
    return m_picked.join(tr(" vs "));
}

void CompareView::recompute()
{
    m_comparison.reset();
    if (m_picked.size() < 2) {
        m_status->setText(tr("Tick %n more preset(s) to compare.", nullptr, static_cast<int>(2 - m_picked.size())));
        m_chart->clear();
        m_model->clear();
        return;
    }
    auto cannotCompare = [this](const QString& why) {
        m_status->setText(tr("Cannot compare: %1").arg(why));
        m_chart->clear();
        m_model->clear();
    };
    try {
        std::vector<std::string> labels;
        std::vector<Scenario> scenarios;
        for (const QString& name : std::as_const(m_picked)) {
            const Preset* preset = m_store->find(name.toStdString());
            if (!preset) {
                cannotCompare(
                    translated(presetErrorMessage({ .code = PresetError::NoSuchPreset, .name = name.toStdString() })));
                return;
            }
            labels.push_back(preset->name);
            scenarios.push_back(resolveScenario(*m_catalog, preset->spec).scenario);
        }
        m_comparison = compareScenarios(labels, scenarios);
    } catch (const InputError& e) {
        cannotCompare(translated(e.message()));
        return;
    } catch (const std::exception& e) {
        cannotCompare(qs(e.what()));
        return;
    }
    m_status->setText(tr("Differences are against A, %1.").arg(m_picked.front()));
    m_chart->setComparison(*m_comparison);
    m_model->setComparison(*m_comparison);
}

void CompareView::exportComparison()
{
    if (!m_comparison) {
        const QString msg = tr("Pick 2 to 4 presets to compare before exporting.");
        emit message(msg);
        MessageBox::warning(this, tr("Export comparison"), msg);
        return;
    }
    const QString path = FileDialog::getSaveFileName(this, tr("Export comparison"), QStringLiteral("comparison.png"),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV table (*.csv)"));
    if (path.isEmpty())
        return;
    const QString error = ChartExporter::exportComparison(path, *m_comparison, comparisonTitle(), m_exportOptions);
    if (!error.isEmpty()) {
        emit message(error);
        MessageBox::warning(this, tr("Export comparison"), error);
        return;
    }
    emit message(tr("Exported the comparison to %1").arg(path));
}

} // namespace kvtiers::ui
