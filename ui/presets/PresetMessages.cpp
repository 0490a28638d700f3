#include "ui/presets/PresetMessages.h"

#include "ui/text/Messages.h"
#include "ui/text/UnitsText.h"

namespace kvtiers::ui {

// Every source string here is PresetStore's English sentence with its names, files and
// figures as %N (core/PresetStore.cpp), so the untranslated UI shows byte for byte what
// the CLI prints (tst_gui_presets checks it).

QString PresetMessages::statusText(const Status& status)
{
    if (status.ok())
        return {};
    const QString text = detailText(status.detail);
    return text.isEmpty() ? qs(status.error) : text;
}

QString PresetMessages::problemText(const PresetProblem& problem)
{
    const QString text = detailText(problem.detail);
    return text.isEmpty() ? qs(problem.reason) : text;
}

QString PresetMessages::detailText(const PresetErrorDetail& d)
{
    const QString name = qs(d.name);
    const QString file = qs(d.file);
    const QString reason = qs(d.reason);
    switch (d.code) {
    case PresetError::None:
    case PresetError::EndOfCodes_:
        return {};

    // A preset name.
    case PresetError::NameEmpty:
        return tr("a preset needs a name");
    case PresetError::NameTooLong:
        return tr("a preset name has at most %1 characters").arg(d.limit);
    case PresetError::NameHasControlCharacters:
        return tr("a preset name cannot contain control characters");

    // The store's operations.
    case PresetError::NameExists:
        return tr("a preset called \"%1\" exists already").arg(name);
    case PresetError::ImportNameExists:
        return tr("a preset called \"%1\" exists already; rename it first").arg(name);
    case PresetError::BuiltinCannotBeChanged:
        return tr("\"%1\" is a built-in preset and cannot be changed; save under another name").arg(name);
    case PresetError::BuiltinCannotBeRenamed:
        return tr("\"%1\" is a built-in preset and cannot be renamed").arg(name);
    case PresetError::BuiltinCannotBeDeleted:
        return tr("\"%1\" is a built-in preset and cannot be deleted").arg(name);
    case PresetError::NoSuchPreset:
        return tr("no preset called \"%1\"").arg(name);
    case PresetError::RenamedCopyNotRemoved:
        return tr("%1: could not be removed after writing the renamed copy; nothing changed").arg(file);
    case PresetError::DeleteFailed:
        return tr("%1: could not be deleted").arg(file);

    // Writing a preset file. The reason is the system's own words (Qt's, untranslated).
    case PresetError::CannotCreateFolder:
        return tr("cannot create the folder %1").arg(file);
    case PresetError::CannotOpenForWriting:
        return tr("%1: cannot be written: %2").arg(file, reason);
    case PresetError::WriteFailedHalfWay:
        return tr("%1: writing failed half way (simulated); the previous file, if any, is unchanged").arg(file);
    case PresetError::WriteFailed:
        return tr("%1: writing failed: %2").arg(file, reason);
    case PresetError::CommitFailed:
        return tr("%1: could not be saved (%2); the previous file, if any, is unchanged").arg(file, reason);

    // Reading a preset file.
    case PresetError::FileInvalid:
        // The InputError's own message is the whole text.
        return Messages::inputErrorText(d.input);
    case PresetError::FileNameInvalid: {
        PresetErrorDetail rule;
        rule.code = d.nameProblem;
        rule.limit = d.limit;
        const QString broken = detailText(rule);
        return broken.isEmpty() ? QString() : tr("%1: %2").arg(qs(d.where), broken);
    }
    case PresetError::ScenarioInvalid: {
        const QString problem = Messages::inputErrorText(d.input);
        return problem.isEmpty() ? QString() : tr("%1: scenario: %2").arg(file, problem);
    }
    case PresetError::FileNameClash:
        return tr("%1: another preset is already called \"%2\"").arg(file, name);
    case PresetError::FileUnreadable:
        return tr("cannot be read: %1").arg(reason);
    }
    return {};
}

} // namespace kvtiers::ui
