#include "ui/dialogs/ModelImportDialog.h"

#include "core/cards/HfConfig.h"
#include "core/io/InputError.h"
#include "core/model/KvSizing.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <cctype>
#include <cmath>
#include <cstring>
#include <limits>

namespace kvtiers::ui {

namespace {
/// Sets `value` at a dotted path ("text_config.hidden_size"), creating objects on the way.
void setAtPath(Json& json, const std::string& path, const Json& value)
{
    Json* node = &json;
    size_t start = 0;
    while (true) {
        const size_t dot = path.find('.', start);
        const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (!node->is_object())
            *node = Json::object();
        if (dot == std::string::npos) {
            (*node)[key] = value;
            return;
        }
        node = &(*node)[key];
        start = dot + 1;
    }
}

QString layerKindText(LayerKind kind)
{
    switch (kind) {
    case LayerKind::Full:
        return ModelImportDialog::tr("full attention");
    case LayerKind::Sliding:
        return ModelImportDialog::tr("sliding window");
    case LayerKind::Chunked:
        return ModelImportDialog::tr("chunked attention");
    case LayerKind::Mla:
        return ModelImportDialog::tr("MLA");
    case LayerKind::State:
        return ModelImportDialog::tr("state (Mamba / linear)");
    }
    return {};
}

/// `where` with a leading "pasted text" put as `pasted`, in `detail` and its parts.
void renamePasted(InputErrorDetail& detail, const std::string& english, const std::string& pasted)
{
    if (detail.where.starts_with(english))
        detail.where = pasted + detail.where.substr(english.size());
    for (InputErrorDetail& part : detail.parts)
        renamePasted(part, english, pasted);
}

/// A model's name as words to compare: its organisation dropped ("moonshotai/"), lower
/// case, '-', '_' and '/' as spaces ("Kimi-K2-Instruct" → "kimi k2 instruct").
std::string comparable(std::string text)
{
    if (const size_t slash = text.find('/'); slash != std::string::npos)
        text = text.substr(slash + 1);
    if (const size_t org = text.find("__"); org != std::string::npos)
        text = text.substr(org + 2);
    for (char& c : text)
        c = (c == '-' || c == '_') ? ' ' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

/// The built-in card whose id the config's own name starts with ("kimi-k2" for
/// "moonshotai/Kimi-K2-Instruct", not "deepseek-v3" for "DeepSeek-V3.2"): the longest such
/// id, as an index into `models`; -1 for none. `nested`: the key the config's fields are under.
int builtinCardFor(const Json& config, const std::string& nested, const std::string& origin,
    const std::vector<std::pair<std::string, std::string>>& models)
{
    std::vector<std::string> names { comparable(origin) };
    for (const Json* j : { &config, nested.empty() ? &config : &config.at(nested) })
        for (const char* key : { "_name_or_path", "model_id", "name" })
            if (auto it = j->find(key); it != j->end() && it->is_string())
                names.push_back(comparable(it->get<std::string>()));
    int best = -1;
    for (size_t i = 0; i < models.size(); ++i) {
        const std::string id = comparable(models[i].first);
        for (const std::string& name : names) {
            const bool whole = name.starts_with(id)
                && (name.size() == id.size()
                    || !(std::isalnum(static_cast<unsigned char>(name[id.size()])) || name[id.size()] == '.'));
            if (whole && (best < 0 || id.size() > models[static_cast<size_t>(best)].first.size()))
                best = static_cast<int>(i);
        }
    }
    return best;
}

} // namespace

ModelImportDialog::ModelImportDialog(QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("modelImportDialog"));
    setWindowTitle(tr("Import a model from config.json"));
    setAcceptDrops(true);
    auto* layout = new QVBoxLayout(this);

    auto* intro
        = new QLabel(tr("Open a Hugging Face <tt>config.json</tt>, drop it here, or paste its text below."), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* row = new QHBoxLayout;
    m_openButton = new QPushButton(tr("&Open config.json…"), this);
    m_openButton->setObjectName(QStringLiteral("importOpenButton"));
    m_importButton = new QPushButton(tr("&Import"), this);
    m_importButton->setObjectName(QStringLiteral("importButton"));
    m_originLabel = new QLabel(this);
    m_originLabel->setObjectName(QStringLiteral("importOrigin"));
    row->addWidget(m_openButton);
    row->addWidget(m_originLabel, 1);
    row->addWidget(m_importButton);
    layout->addLayout(row);

    m_textEdit = new QPlainTextEdit(this);
    m_textEdit->setObjectName(QStringLiteral("importText"));
    m_textEdit->setPlaceholderText(tr("{ \"model_type\": \"llama\", \"num_hidden_layers\": 32, … }"));
    m_textEdit->setAcceptDrops(false); // a dropped file goes to the dialog, which reads it
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_textEdit->setFont(mono);
    m_textEdit->setMinimumHeight(140);
    layout->addWidget(m_textEdit, 1);

    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("importError"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #c00000;"));
    m_errorLabel->setVisible(false);
    layout->addWidget(m_errorLabel);

    m_missingBox = new QGroupBox(tr("Missing fields: fill them in and import again"), this);
    m_missingBox->setObjectName(QStringLiteral("importMissingBox"));
    m_missingForm = new QFormLayout(m_missingBox);
    m_missingBox->setVisible(false);
    layout->addWidget(m_missingBox);

    m_assumptionsLabel = new QLabel(this);
    m_assumptionsLabel->setObjectName(QStringLiteral("importAssumptions"));
    m_assumptionsLabel->setWordWrap(true);
    // Always rich text: escaped quotes ("fields") must not show as &quot; when no tag is in it.
    m_assumptionsLabel->setTextFormat(Qt::RichText);
    m_assumptionsLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_assumptionsLabel->setVisible(false);
    layout->addWidget(m_assumptionsLabel);

    layout->addWidget(buildFactsBox());

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Use this model"));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    layout->addWidget(m_buttons);

    connect(m_openButton, &QPushButton::clicked, this, &ModelImportDialog::openFile);
    connect(m_importButton, &QPushButton::clicked, this, &ModelImportDialog::importText);
    connect(m_textEdit, &QPlainTextEdit::textChanged, this, [this] {
        // Edited text is no longer the file it came from.
        if (!m_textEdit->document()->isEmpty() && m_textEdit->hasFocus()) {
            m_origin = kPastedText;
            m_originLabel->clear();
        }
    });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(640, 640);
}

QGroupBox* ModelImportDialog::buildFactsBox()
{
    auto* factsBox = new QGroupBox(tr("Imported model"), this);
    auto* factsLayout = new QVBoxLayout(factsBox);
    m_kvLabel = new QLabel(tr("Nothing imported yet."), factsBox);
    m_kvLabel->setObjectName(QStringLiteral("importKvPerToken"));
    QFont big = m_kvLabel->font();
    big.setBold(true);
    m_kvLabel->setFont(big);
    m_kvLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_factsLabel = new QLabel(factsBox);
    m_factsLabel->setObjectName(QStringLiteral("importFacts"));
    m_factsLabel->setWordWrap(true);
    m_factsLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    factsLayout->addWidget(m_kvLabel);
    factsLayout->addWidget(m_factsLabel);
    return factsBox;
}

QStringList ModelImportDialog::missingFields() const
{
    QStringList out;
    if (!m_missingBox->isHidden())
        for (const auto& [field, edit] : m_missingEdits)
            out << qs(field);
    return out;
}

void ModelImportDialog::openFile()
{
    const QString path
        = FileDialog::getOpenFileName(this, tr("Open config.json"), tr("JSON files (*.json);;All files (*)"));
    if (!path.isEmpty())
        loadFile(path);
}

bool ModelImportDialog::loadFile(const QString& path)
{
    std::string text;
    try {
        text = readInputFile(path.toStdString());
    } catch (const InputError& e) {
        showError(translated(e.message()));
        return false;
    } catch (const std::exception& e) {
        showError(qs(e.what()));
        return false;
    }
    // A file called config.json is named by its folder: keep the folder in its origin.
    const QFileInfo info(path);
    m_origin = (info.fileName().compare(QStringLiteral("config.json"), Qt::CaseInsensitive) == 0
                && !info.dir().dirName().isEmpty() && info.dir().dirName() != QStringLiteral(".")
            ? info.dir().dirName() + u'/' + info.fileName()
            : info.fileName())
                   .toStdString();
    m_originLabel->setText(tr("from %1").arg(QFileInfo(path).fileName()));
    m_textEdit->setPlainText(QString::fromStdString(text));
    // A new file: forget what was filled in for the previous one.
    m_filled.clear();
    showMissing({});
    return importText();
}

void ModelImportDialog::setMissingFieldValue(const QString& field, const QString& value)
{
    for (const auto& [name, edit] : m_missingEdits)
        if (name == field.toStdString())
            edit->setText(value);
}

bool ModelImportDialog::importText()
{
    m_card.reset();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    const std::string text = m_textEdit->toPlainText().toStdString();
    if (m_textEdit->toPlainText().trimmed().isEmpty()) {
        showError(tr("Paste the text of a config.json, or open one."));
        return false;
    }
    try {
        Json json = parseStrictJson(text, m_origin);
        m_builtinHint.clear();
        if (json.is_object() && json.contains("layer_groups")) {
            showAssumptions({});
            m_card = parseModelCard(json, m_origin);
        } else if (!json.is_object()) {
            // No fields to ask for: the importer says what a config.json must be.
            showMissing({});
            showAssumptions({});
            m_card = importHfConfig(json, m_origin); // throws
        } else {
            // What the user typed into the missing-field form goes into the config.
            for (const auto& [field, edit] : m_missingEdits)
                m_filled[field] = edit->text().trimmed();
            for (const auto& [field, typed] : m_filled) {
                if (typed.isEmpty())
                    continue;
                // Throws the core's coded "not a number", worded in the UI language below.
                const double number = parseNumberOption(typed.toStdString(), field, -std::numeric_limits<double>::max(),
                    std::numeric_limits<double>::max(), false);
                setAtPath(json, field,
                    number == std::floor(number) && std::fabs(number) < 9e15 ? Json(static_cast<std::int64_t>(number))
                                                                             : Json(number));
            }
            // The fields it lacks, and num_key_value_heads whenever it is absent: asked for,
            // and if left empty, Transformers' default said openly.
            const HfImportReport report = inspectHfConfig(json);
            std::vector<std::string> ask = report.missing;
            if (report.kvHeadsAssumed)
                ask.push_back(report.kvHeadsPath);
            // A value the file gives under another name is offered in its field, not taken.
            for (const auto& offer : report.offers)
                if (m_filled[offer.path].isEmpty())
                    m_filled[offer.path] = QString::number(offer.value);
            const int builtin = builtinCardFor(json, report.nestedKey, m_origin, m_builtinModels);
            m_builtinHint = builtin < 0 ? QString()
                                        : tr("The built-in card “%1” (%2) is this model, from its sources: pick it in "
                                             "the Model picker rather than import.")
                                              .arg(qs(m_builtinModels[static_cast<size_t>(builtin)].second),
                                                  qs(m_builtinModels[static_cast<size_t>(builtin)].first));
            showMissing(ask, report);
            showAssumptions(report);
            m_card = importHfConfig(json, m_origin); // throws, naming every missing field
        }
    } catch (const std::exception& e) {
        m_card.reset();
        // In the UI language: the core gives its errors a structured form (JSON syntax, field
        // types and ranges, the importer's list of missing and invalid fields, the card's own
        // checks); anything else falls back to the core's English.
        const auto* input = dynamic_cast<const InputError*>(&e);
        showError(input ? errorText(*input) : qs(e.what()));
        m_kvLabel->setText(tr("Not imported."));
        m_factsLabel->clear();
        return false;
    }
    m_error.clear();
    m_errorLabel->setVisible(false);
    showCard();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(true);
    emit imported();
    return true;
}

QString ModelImportDialog::errorText(const InputError& error) const
{
    if (m_origin != kPastedText)
        return translated(error.message());
    // The core names pasted text "pasted text" (what it writes into the card); the message
    // names it in the UI language, in its structured form and in the English fallback.
    const std::string pasted = tr("pasted text").toStdString();
    InputErrorDetail detail = error.detail();
    renamePasted(detail, kPastedText, pasted);
    std::string english = error.what();
    if (english.starts_with(kPastedText))
        english = pasted + english.substr(std::strlen(kPastedText));
    return translated(inputErrorMessage(detail, english));
}

void ModelImportDialog::showAssumptions(const HfImportReport& report)
{
    QStringList lines;
    if (const Message nested = hfNestedMessage(report); !nested.empty())
        lines << translated(nested).toHtmlEscaped();
    if (const Message kv = hfKvHeadsMessage(report); !kv.empty())
        lines << QStringLiteral("<span style=\"color:#b35900;\"><b>%1</b> %2</span>")
                     .arg(tr("Assumed:"), translated(kv).toHtmlEscaped());
    if (const Message mla = hfMlaMessage(report); !mla.empty())
        lines << translated(mla).toHtmlEscaped();
    for (const Message& offer : hfOfferMessages(report))
        lines << QStringLiteral("<span style=\"color:#b35900;\">%1</span>").arg(translated(offer).toHtmlEscaped());
    if (!m_builtinHint.isEmpty())
        lines << QStringLiteral("<b>%1</b>").arg(m_builtinHint.toHtmlEscaped());
    m_assumptionsLabel->setText(lines.join(QStringLiteral("<br>")));
    m_assumptionsLabel->setVisible(!lines.isEmpty());
}

void ModelImportDialog::showMissing(const std::vector<std::string>& fields, const HfImportReport& report)
{
    // Editors for the fields still missing, showing what was typed for them before.
    while (m_missingForm->rowCount() > 0)
        m_missingForm->removeRow(0);
    m_missingEdits.clear();
    for (const auto& field : fields) {
        auto* edit = new QLineEdit(m_missingBox);
        edit->setObjectName(QStringLiteral("missing_") + qs(field));
        if (report.kvHeadsAssumed && field == report.kvHeadsPath)
            edit->setPlaceholderText(report.assumedKvHeads > 0
                    ? tr("empty: %1, one per attention head (MHA)").arg(report.assumedKvHeads)
                    : tr("empty: one per attention head (MHA)"));
        else
            edit->setPlaceholderText(tr("a number"));
        edit->setText(m_filled[field]);
        m_missingForm->addRow(qs(field) + u':', edit);
        m_missingEdits.emplace_back(field, edit);
        connect(edit, &QLineEdit::returnPressed, this, &ModelImportDialog::importText);
    }
    m_missingBox->setVisible(!fields.empty());
}

void ModelImportDialog::showCard()
{
    const ModelCard& m = *m_card;
    const KvFormat format { m.defaultKvBits, 0 };
    // Marginal KV bytes per token of the whole model (docs/model.md §2), as every view shows it.
    const KvSizing sizing(m, format, 1, 16, Allocation::Paged);
    const double perToken = sizing.bytesPerToken();
    m_kvLabel->setText(tr("KV cache: %1 B per token (%2) in %3")
                           .arg(countText(perToken), bytesText(perToken, m_units), qs(format.name())));
    QStringList layers;
    for (const LayerGroup& g : m.groups) {
        QString line = tr("%1 × %2").arg(g.layers).arg(layerKindText(g.kind));
        switch (g.kind) {
        case LayerKind::Full:
            line += tr(" (%1 KV heads × %2)").arg(g.numKvHeads).arg(g.kHeadDim);
            break;
        case LayerKind::Sliding:
            line += tr(" (%1 KV heads × %2, window %3)")
                        .arg(g.numKvHeads)
                        .arg(g.kHeadDim)
                        .arg(tokensText(double(g.window)));
            break;
        case LayerKind::Chunked:
            line += tr(" (%1 KV heads × %2, chunks of %3)")
                        .arg(g.numKvHeads)
                        .arg(g.kHeadDim)
                        .arg(tokensText(double(g.chunk)));
            break;
        case LayerKind::Mla:
            line += tr(" (latent %1 + rope %2)").arg(g.kvLoraRank).arg(g.qkRopeHeadDim);
            break;
        case LayerKind::State:
            line += tr(" (%1 per sequence per layer)").arg(bytesText(g.stateBytes, m_units));
            break;
        }
        layers << line.toHtmlEscaped();
    }
    // A config.json without model_type has no family: say nothing rather than "family ".
    QString facts = m.family.empty()
        ? tr("<b>%1</b> (id <tt>%2</tt>)<br>").arg(qs(m.name).toHtmlEscaped(), qs(m.id).toHtmlEscaped())
        : tr("<b>%1</b> (id <tt>%2</tt>, family %3)<br>")
              .arg(qs(m.name).toHtmlEscaped(), qs(m.id).toHtmlEscaped(), qs(m.family).toHtmlEscaped());
    facts += tr("Layers: %1<br>").arg(layers.join(QStringLiteral("; ")));
    facts += tr("Parameters: %1 total, %2 active; weights %3 bit; max context %4 tokens")
                 .arg(significantText(m.paramsTotal / 1e9, 4) + tr("B"),
                     significantText(m.paramsActive / 1e9, 4) + tr("B"), significantText(m.weightBits, 3),
                     tokensText(double(m.maxContext)));
    m_factsLabel->setText(facts);
}

void ModelImportDialog::showError(const QString& message)
{
    m_error = message;
    m_errorLabel->setText(message);
    m_errorLabel->setVisible(true);
}

void ModelImportDialog::dragEnterEvent(QDragEnterEvent* event)
{
    const QMimeData* mime = event->mimeData();
    if (mime->hasUrls() && !mime->urls().isEmpty() && mime->urls().first().isLocalFile())
        event->acceptProposedAction();
}

void ModelImportDialog::dropEvent(QDropEvent* event)
{
    const QMimeData* mime = event->mimeData();
    if (mime->hasUrls() && !mime->urls().isEmpty() && mime->urls().first().isLocalFile()) {
        loadFile(mime->urls().first().toLocalFile());
        event->acceptProposedAction();
    }
}

} // namespace kvtiers::ui
