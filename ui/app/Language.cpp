#include "ui/app/Language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

namespace kvtiers::ui {

namespace {

struct Translators {
    std::unique_ptr<QTranslator> app; // kvtiers_<lang>.qm, embedded under :/i18n
    std::unique_ptr<QTranslator> qt;  // Qt's own dialogs and context menus (qtbase_<lang>.qm)
    QString language = kLanguageEnglish;
};

Translators& translators()
{
    static Translators t;
    return t;
}

void removeTranslator(std::unique_ptr<QTranslator>& translator)
{
    if (translator) {
        QCoreApplication::removeTranslator(translator.get());
        translator.reset();
    }
}

} // namespace

QString resolvedLanguage(const QString& setting)
{
    if (setting == kLanguageEnglish || setting == kLanguageKorean)
        return setting;
    // uiLanguages() honours LANGUAGE=ko:en as well as LANG/LC_MESSAGES.
    for (const QString& name : QLocale::system().uiLanguages()) {
        if (name.startsWith(QLatin1String("ko")))
            return kLanguageKorean;
        if (name.startsWith(QLatin1String("en")) || name == QLatin1String("C"))
            return kLanguageEnglish;
    }
    return kLanguageEnglish;
}

QString installTranslator(const QString& setting)
{
    Translators& t = translators();
    const QString language = resolvedLanguage(setting);
    removeTranslator(t.app);
    removeTranslator(t.qt);
    if (language == kLanguageKorean) {
        t.app = std::make_unique<QTranslator>();
        if (t.app->load(QStringLiteral(":/i18n/kvtiers_ko.qm")))
            QCoreApplication::installTranslator(t.app.get());
        else
            qWarning("kvtiers: the embedded Korean translation is missing");
        // Optional: Debian's qt6-translations-l10n. Without it Qt's own buttons stay English.
        t.qt = std::make_unique<QTranslator>();
        if (t.qt->load(QStringLiteral("qtbase_ko"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(t.qt.get());
        else
            t.qt.reset();
    }
    // Numbers Qt formats (spin boxes, chart ticks) follow the UI language when one is chosen,
    // and the system locale otherwise.
    if (setting.isEmpty())
        QLocale::setDefault(QLocale::system());
    else
        QLocale::setDefault(language == kLanguageKorean ? QLocale(QLocale::Korean, QLocale::SouthKorea)
                                                        : QLocale(QLocale::English, QLocale::UnitedStates));
    t.language = language;
    return language;
}

QString installedLanguage()
{
    return translators().language;
}

} // namespace kvtiers::ui
