#pragma once
// Language: which language the desktop UI speaks. The setting is "" (follow the
// system locale), "en" or "ko"; installTranslator() loads the embedded kvtiers_ko.qm
// (built from ui/i18n/kvtiers_ko.ts by CMake) and Qt's own qtbase_ko.qm, and makes the
// matching QLocale the default so Qt-formatted numbers follow the UI language. The CLI
// never calls this: its output and JSON keys stay English whatever the locale.

#include <QString>
#include <QStringList>

namespace kvtiers::ui {

/// Setting values: follow the system, English, Korean.
inline const QString kLanguageSystem;
inline const QString kLanguageEnglish = QStringLiteral("en");
inline const QString kLanguageKorean = QStringLiteral("ko");

/// The language a setting resolves to: "en" or "ko" ("" follows QLocale::system()'s UI
/// languages: Korean if the first one kvtiers knows is ko_*, English otherwise).
QString resolvedLanguage(const QString& setting);

/// Installs (or, for English, removes) the application translators and the default
/// QLocale for `setting`. Sends QEvent::LanguageChange to every widget. Returns the
/// resolved language ("en" or "ko").
QString installTranslator(const QString& setting);

/// The language installed by the last installTranslator() call ("en" before any).
QString installedLanguage();

} // namespace kvtiers::ui
