#pragma once
// ModelImportDialog: any model from its Hugging Face config.json. The user opens
// the file, drops it on the dialog, or pastes its text; the dialog imports it through the
// core (importHfConfig) and shows the card's key facts: layers by kind, parameters,
// context and the KV bytes per token the core computes. A config that lacks fields lists
// each one (inspectHfConfig) as a small form; filling them in and importing again gives
// the card. num_key_value_heads is asked for whenever it is absent; left empty, the
// dialog says openly that Transformers' default (multi-head attention) is assumed. A config
// nested under a key ({"fields": {...}}, "text_config") is read there, and the dialog says
// which key. A kvtiers model card (with "layer_groups") is accepted as it is.
//
// The file chooser is FileDialog (tests: FileDialog::setNextFileName()).

#include "core/cards/HfConfig.h"
#include "core/cards/ModelCard.h"
#include "core/io/InputError.h"
#include "core/io/Json.h"
#include "core/io/Units.h"

#include <QDialog>
#include <QString>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

class QDialogButtonBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace kvtiers::ui {

class ModelImportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ModelImportDialog(QWidget* parent = nullptr);

    /// The imported card, once an import succeeded.
    const std::optional<ModelCard>& card() const { return m_card; }
    /// The last import's error (the core's message naming the fields); empty on success.
    QString errorMessage() const { return m_error; }
    /// Fields the current config lacks, as the core names them ("num_hidden_layers").
    QStringList missingFields() const;

    /// Loads a file (open or drop) and imports it. False if it could not be read.
    bool loadFile(const QString& path);
    /// Imports the text in the editor, with any values filled into the missing-field form.
    bool importText();
    /// Fills one missing field's editor (as a user would type it).
    void setMissingFieldValue(const QString& field, const QString& value);
    /// The built-in model cards (id, name): a config of one of them points to its card.
    void setBuiltinModels(std::vector<std::pair<std::string, std::string>> idsAndNames)
    {
        m_builtinModels = std::move(idsAndNames);
    }
    /// The units its byte figures are shown in (the app's DisplayOptions); binary until set.
    void setUnits(ByteUnits units) { m_units = units; }

signals:
    void imported();

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    /// The imported card's KV bytes per token and facts, under the text.
    QGroupBox* buildFactsBox();
    void openFile();
    void showMissing(const std::vector<std::string>& fields, const HfImportReport& report = {});
    /// What the import read or assumed that the user should know: the nesting key and the
    /// KV-head default (empty: hidden).
    void showAssumptions(const HfImportReport& report);
    void showCard();
    void showError(const QString& message);
    /// The core's message for `error`, in the UI language, with pasted text named so.
    QString errorText(const InputError& error) const;

    QPlainTextEdit* m_textEdit = nullptr;
    QPushButton* m_openButton = nullptr;
    QPushButton* m_importButton = nullptr;
    QLabel* m_originLabel = nullptr;
    QLabel* m_errorLabel = nullptr;
    QGroupBox* m_missingBox = nullptr;
    QFormLayout* m_missingForm = nullptr;
    std::vector<std::pair<std::string, QLineEdit*>> m_missingEdits; ///< in the core's order
    std::map<std::string, QString> m_filled; ///< every value typed so far, kept once a field is no longer missing
    QLabel* m_factsLabel = nullptr;
    QLabel* m_assumptionsLabel = nullptr;
    QLabel* m_kvLabel = nullptr;
    QDialogButtonBox* m_buttons = nullptr;

    static constexpr const char* kPastedText = "pasted text";
    /// Names the text for the core: the file name, or kPastedText (English, as the CLI would
    /// write it, in the imported card's notes and sources; errorText() words it for the user).
    std::string m_origin = kPastedText;
    std::optional<ModelCard> m_card;
    QString m_error;
    ByteUnits m_units = ByteUnits::Binary;
    std::vector<std::pair<std::string, std::string>> m_builtinModels;
    /// The built-in card this config names (builtinCardFor), said with the assumptions.
    QString m_builtinHint;
};

} // namespace kvtiers::ui
