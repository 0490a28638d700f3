#include "ui/presets/PresetPanel.h"

#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/InputDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"

#include <QEvent>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QVBoxLayout>

namespace kvtiers::ui {

namespace {
constexpr int kNameRole = Qt::UserRole + 1;
constexpr int kBuiltinRole = Qt::UserRole + 2;

/// Rows as wide as the list, never wider. QListView sizes a row by its text, so a name
/// longer than the dock (Korean "(기본 제공)" made the built-ins so) scrolled sideways;
/// with no width of its own a row takes the viewport's, and the view elides the text.
class FitWidthDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        return { 1, QStyledItemDelegate::sizeHint(option, index).height() };
    }
};
} // namespace

PresetPanel::PresetPanel(ScenarioController* controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_store(std::make_unique<PresetStore>())
{
    setObjectName(QStringLiteral("presetPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("presetList"));
    m_texts([this] { m_list->setToolTip(tr("Double-click a preset to load it (Ctrl+Z undoes).")); });
    m_list->setMinimumWidth(120);
    // Names longer than the dock is wide are elided in the middle, keeping "(built-in)"
    // in sight (the full name is in the tool tip), never scrolled sideways.
    m_list->setItemDelegate(new FitWidthDelegate(m_list));
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setTextElideMode(Qt::ElideMiddle);
    layout->addWidget(m_list, 1);

    m_problems = new QLabel(this);
    m_problems->setObjectName(QStringLiteral("presetProblems"));
    m_problems->setWordWrap(true);
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problems->setVisible(false);
    layout->addWidget(m_problems);

    auto* buttons = new QGridLayout;
    auto button = [this](const char* text, const char* name, const char* tip) {
        auto* b = new QPushButton(this);
        b->setObjectName(QString::fromLatin1(name));
        m_texts([b, text, tip] {
            b->setText(tr(text));
            b->setToolTip(tr(tip));
        });
        // The dock must not widen the window's minimum: buttons give up width first.
        b->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
        b->setMinimumWidth(60);
        return b;
    };
    auto* save = button(
        QT_TR_NOOP("&Save current…"), "presetSaveButton", QT_TR_NOOP("Save the current scenario as a named preset"));
    m_load = button(QT_TR_NOOP("&Load"), "presetLoadButton", QT_TR_NOOP("Load the selected preset (one undo step)"));
    m_rename = button(QT_TR_NOOP("Re&name…"), "presetRenameButton", QT_TR_NOOP("Rename the selected preset"));
    m_duplicate = button(
        QT_TR_NOOP("D&uplicate…"), "presetDuplicateButton", QT_TR_NOOP("Copy the selected preset under a new name"));
    m_delete
        = button(QT_TR_NOOP("&Delete"), "presetDeleteButton", QT_TR_NOOP("Delete the selected preset (asks first)"));
    auto* import
        = button(QT_TR_NOOP("&Import…"), "presetImportButton", QT_TR_NOOP("Add a preset file a colleague sent you"));
    m_export = button(
        QT_TR_NOOP("E&xport…"), "presetExportButton", QT_TR_NOOP("Write the selected preset to a file to share"));
    auto* compare
        = button(QT_TR_NOOP("&Compare…"), "presetCompareButton", QT_TR_NOOP("Compare 2 to 4 presets side by side"));
    buttons->addWidget(save, 0, 0);
    buttons->addWidget(m_load, 0, 1);
    buttons->addWidget(m_rename, 1, 0);
    buttons->addWidget(m_duplicate, 1, 1);
    buttons->addWidget(m_delete, 2, 0);
    buttons->addWidget(compare, 2, 1);
    buttons->addWidget(import, 3, 0);
    buttons->addWidget(m_export, 3, 1);
    layout->addLayout(buttons);

    connect(save, &QPushButton::clicked, this, &PresetPanel::saveCurrent);
    connect(m_load, &QPushButton::clicked, this, &PresetPanel::loadSelected);
    connect(m_rename, &QPushButton::clicked, this, &PresetPanel::renameSelected);
    connect(m_duplicate, &QPushButton::clicked, this, &PresetPanel::duplicateSelected);
    connect(m_delete, &QPushButton::clicked, this, &PresetPanel::deleteSelected);
    connect(import, &QPushButton::clicked, this, &PresetPanel::importFile);
    connect(m_export, &QPushButton::clicked, this, &PresetPanel::exportSelected);
    connect(compare, &QPushButton::clicked, this, &PresetPanel::compareRequested);
    connect(m_list, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem*) { loadSelected(); });
    connect(m_list, &QListWidget::currentItemChanged, this, [this] { updateButtons(); });
    reload();
}

PresetPanel::~PresetPanel() = default;

void PresetPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

void PresetPanel::retranslateUi()
{
    m_texts.retranslate();
    // The list's "(built-in)" names and the problems line are worded as they are listed:
    // list again, quietly (no status message, no presetsChanged: nothing changed).
    showPresets(false);
}

void PresetPanel::reload()
{
    m_store->reload();
    showPresets(true);
}

void PresetPanel::showPresets(bool announce)
{
    const QString current = selectedName();
    m_list->clear();
    QFont italic = font();
    italic.setItalic(true);
    for (const auto& p : m_store->presets()) {
        const QString name = qs(p.name);
        auto* item = new QListWidgetItem(m_list);
        item->setData(kNameRole, name);
        item->setData(kBuiltinRole, p.builtin);
        if (p.builtin) {
            item->setText(tr("%1 (built-in)").arg(name));
            item->setFont(italic);
            item->setToolTip(name + u'\n' + tr("Built-in, read-only. %1").arg(qs(p.notes)));
        } else {
            item->setText(name);
            item->setToolTip(name + u'\n' + (p.notes.empty() ? qs(p.file) : qs(p.notes) + u'\n' + qs(p.file)));
        }
    }
    const auto& problems = m_store->problems();
    m_problemTexts.clear();
    for (const auto& problem : problems)
        m_problemTexts << translated(problem.message());
    if (problems.empty()) {
        m_problems->clear();
        m_problems->setVisible(false);
    } else {
        QStringList lines;
        for (size_t i = 0; i < problems.size(); ++i)
            lines << tr("%1: %2").arg(QFileInfo(qs(problems[i].file)).fileName().toHtmlEscaped(),
                m_problemTexts.at(static_cast<qsizetype>(i)).toHtmlEscaped());
        m_problems->setText(tr("<b>Skipped %n unreadable preset file(s)</b> (left untouched):<br>%1", nullptr,
            static_cast<int>(problems.size()))
                                .arg(lines.join(QStringLiteral("<br>"))));
        m_problems->setStyleSheet(QStringLiteral("color: #b00020;"));
        m_problems->setVisible(true);
        if (announce)
            emit message(tr("Skipped unreadable preset file(s): %1").arg(lines.join(QStringLiteral("; "))));
    }
    if (!current.isEmpty())
        selectPreset(current);
    updateButtons();
    if (announce)
        emit presetsChanged();
}

bool PresetPanel::selectPreset(const QString& name)
{
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->data(kNameRole).toString() == name) {
            m_list->setCurrentRow(i);
            return true;
        }
    return false;
}

QString PresetPanel::selectedName() const
{
    const QListWidgetItem* item = m_list->currentItem();
    return item ? item->data(kNameRole).toString() : QString();
}

const Preset* PresetPanel::selectedPreset() const
{
    const QString name = selectedName();
    return name.isEmpty() ? nullptr : m_store->find(name.toStdString());
}

void PresetPanel::updateButtons()
{
    const Preset* p = selectedPreset();
    m_load->setEnabled(p != nullptr);
    m_duplicate->setEnabled(p != nullptr);
    m_export->setEnabled(p != nullptr);
    m_rename->setEnabled(p && !p->builtin);
    m_delete->setEnabled(p && !p->builtin);
}

bool PresetPanel::report(const Status& status, const QString& action)
{
    if (status.ok())
        return true;
    const QString text = translated(status.message());
    emit message(text);
    MessageBox::warning(this, action, text);
    return false;
}

void PresetPanel::saveCurrent()
{
    const auto name = InputDialog::getText(this, tr("Save preset"), tr("Name of the preset:"));
    if (!name)
        return;
    const std::string n = name->trimmed().toStdString();
    bool replace = false;
    if (const Preset* existing = m_store->find(n); existing && !existing->builtin) {
        if (!MessageBox::question(this, tr("Save preset"),
                tr("A preset called \"%1\" exists. Replace it with the current scenario?").arg(qs(n))))
            return;
        replace = true;
    }
    if (!report(m_store->save(n, m_controller->spec(), replace), tr("Save preset")))
        return;
    reload();
    selectPreset(qs(n));
    emit message(tr("Saved preset \"%1\"").arg(qs(n)));
}

void PresetPanel::loadSelected()
{
    const Preset* p = selectedPreset();
    if (!p)
        return;
    const QString name = qs(p->name);
    m_controller->edit(p->spec, tr("Load preset %1").arg(name));
    emit message(tr("Loaded preset \"%1\"").arg(name));
}

void PresetPanel::renameSelected()
{
    const Preset* p = selectedPreset();
    if (!p)
        return;
    const QString from = qs(p->name);
    const auto to = InputDialog::getText(this, tr("Rename preset"), tr("New name for \"%1\":").arg(from), from);
    if (!to || to->trimmed() == from)
        return;
    if (!report(m_store->rename(from.toStdString(), to->trimmed().toStdString()), tr("Rename preset")))
        return;
    reload();
    selectPreset(to->trimmed());
    emit message(tr("Renamed \"%1\" to \"%2\"").arg(from, to->trimmed()));
}

void PresetPanel::duplicateSelected()
{
    const Preset* p = selectedPreset();
    if (!p)
        return;
    const QString from = qs(p->name);
    const auto to = InputDialog::getText(
        this, tr("Duplicate preset"), tr("Name of the copy of \"%1\":").arg(from), tr("%1 (copy)").arg(from));
    if (!to)
        return;
    if (!report(m_store->duplicate(from.toStdString(), to->trimmed().toStdString()), tr("Duplicate preset")))
        return;
    reload();
    selectPreset(to->trimmed());
    emit message(tr("Copied \"%1\" to \"%2\"").arg(from, to->trimmed()));
}

void PresetPanel::deleteSelected()
{
    const Preset* p = selectedPreset();
    if (!p)
        return;
    const QString name = qs(p->name);
    if (!MessageBox::question(
            this, tr("Delete preset"), tr("Delete the preset \"%1\"? This cannot be undone.").arg(name)))
        return;
    if (!report(m_store->remove(name.toStdString()), tr("Delete preset")))
        return;
    reload();
    emit message(tr("Deleted preset \"%1\"").arg(name));
}

void PresetPanel::importFile()
{
    const QString path
        = FileDialog::getOpenFileName(this, tr("Import preset"), tr("kvtiers presets (*.json);;All files (*)"));
    if (!path.isEmpty())
        importPath(path);
}

void PresetPanel::importPath(const QString& path)
{
    std::string name;
    const Status status = m_store->importFile(path.toStdString(), &name);
    if (!report(status, tr("Import preset")))
        return;
    reload();
    selectPreset(qs(name));
    emit message(tr("Imported preset \"%1\" from %2").arg(qs(name), path));
}

void PresetPanel::exportSelected()
{
    const Preset* p = selectedPreset();
    if (!p)
        return;
    const QString name = qs(p->name);
    QString suggested = name;
    for (QChar& c : suggested)
        if (!c.isLetterOrNumber() && c != u'-')
            c = u'_';
    const QString path = FileDialog::getSaveFileName(
        this, tr("Export preset"), suggested + QStringLiteral(".json"), tr("kvtiers presets (*.json)"));
    if (path.isEmpty())
        return;
    if (!report(m_store->exportFile(name.toStdString(), path.toStdString()), tr("Export preset")))
        return;
    emit message(tr("Exported preset \"%1\" to %2").arg(name, path));
}

} // namespace kvtiers::ui
