#include "ui/common/Settings.h"

#include "core/io/InputError.h"

#include <QDir>

namespace kvtiers::ui {

namespace {

// Every key, once.
namespace Key {
const auto windowGeometry = QStringLiteral("window/geometry");
const auto windowState = QStringLiteral("window/state");
const auto scenarioSplitter = QStringLiteral("window/scenarioSplitter");
const auto chartSplitter = QStringLiteral("window/chartSplitter");
const auto lastScenario = QStringLiteral("scenario/last");
const auto fleetSession = QStringLiteral("fleet/last");
const auto loadSession = QStringLiteral("load/last");
const auto tierScope = QStringLiteral("view/tierScope");
const auto sweepAxis = QStringLiteral("view/sweepAxis");
const auto advancedExpanded = QStringLiteral("view/advancedExpanded");
const auto language = QStringLiteral("view/language");
const auto displayUnits = QStringLiteral("view/units"); // "binary" or "decimal"
const auto lastFolder = QStringLiteral("dialogs/lastFolder");
const auto lastExportFolder = QStringLiteral("dialogs/lastExportFolder");
} // namespace Key

} // namespace

Settings::Settings()
{
    const QString testHome = qEnvironmentVariable("KVTIERS_TEST_HOME");
    if (!testHome.isEmpty()) {
        QDir().mkpath(testHome);
        m_settings
            = std::make_unique<QSettings>(QDir(testHome).filePath(QStringLiteral("kvtiers.ini")), QSettings::IniFormat);
    } else {
        m_settings = std::make_unique<QSettings>(QStringLiteral("kvtiers"), QStringLiteral("kvtiers"));
    }
}

Settings::~Settings() = default;

QByteArray Settings::windowGeometry() const
{
    return m_settings->value(Key::windowGeometry).toByteArray();
}
void Settings::setWindowGeometry(const QByteArray& geometry)
{
    m_settings->setValue(Key::windowGeometry, geometry);
}
QByteArray Settings::windowState() const
{
    return m_settings->value(Key::windowState).toByteArray();
}
void Settings::setWindowState(const QByteArray& state)
{
    m_settings->setValue(Key::windowState, state);
}

QByteArray Settings::scenarioSplitterState() const
{
    return m_settings->value(Key::scenarioSplitter).toByteArray();
}
void Settings::setScenarioSplitterState(const QByteArray& state)
{
    m_settings->setValue(Key::scenarioSplitter, state);
}
QByteArray Settings::chartSplitterState() const
{
    return m_settings->value(Key::chartSplitter).toByteArray();
}
void Settings::setChartSplitterState(const QByteArray& state)
{
    m_settings->setValue(Key::chartSplitter, state);
}

std::optional<ScenarioSpec> Settings::lastScenario() const
{
    const QString text = m_settings->value(Key::lastScenario).toString();
    if (text.isEmpty())
        return std::nullopt;
    try {
        const std::string origin = "settings " + Key::lastScenario.toStdString();
        return ScenarioSpec::fromJson(parseStrictJson(text.toStdString(), origin), origin);
    } catch (const InputError&) {
        return std::nullopt; // a damaged setting is forgotten, not fatal
    }
}

void Settings::setLastScenario(const ScenarioSpec& spec)
{
    m_settings->setValue(Key::lastScenario, QString::fromStdString(spec.toJson().dump()));
}

QString Settings::fleetSession() const
{
    return m_settings->value(Key::fleetSession).toString();
}
void Settings::setFleetSession(const QString& text)
{
    m_settings->setValue(Key::fleetSession, text);
}

QString Settings::loadSession() const
{
    return m_settings->value(Key::loadSession).toString();
}
void Settings::setLoadSession(const QString& text)
{
    m_settings->setValue(Key::loadSession, text);
}

int Settings::tierScope() const
{
    return m_settings->value(Key::tierScope, 1).toInt();
}
void Settings::setTierScope(int scope)
{
    m_settings->setValue(Key::tierScope, scope);
}
int Settings::sweepAxis() const
{
    return m_settings->value(Key::sweepAxis, 0).toInt();
}
void Settings::setSweepAxis(int axis)
{
    m_settings->setValue(Key::sweepAxis, axis);
}
bool Settings::advancedExpanded() const
{
    return m_settings->value(Key::advancedExpanded, true).toBool();
}
void Settings::setAdvancedExpanded(bool expanded)
{
    m_settings->setValue(Key::advancedExpanded, expanded);
}

QString Settings::language() const
{
    return m_settings->value(Key::language, QString()).toString();
}
void Settings::setLanguage(const QString& language)
{
    m_settings->setValue(Key::language, language);
}

ByteUnits Settings::displayUnits() const
{
    // Anything but "decimal" (absent, damaged) is the default.
    return m_settings->value(Key::displayUnits).toString() == QLatin1String("decimal") ? ByteUnits::Decimal
                                                                                       : ByteUnits::Binary;
}
void Settings::setDisplayUnits(ByteUnits units)
{
    m_settings->setValue(
        Key::displayUnits, units == ByteUnits::Decimal ? QStringLiteral("decimal") : QStringLiteral("binary"));
}

QString Settings::lastFolder() const
{
    return m_settings->value(Key::lastFolder).toString();
}

void Settings::setLastFolder(const QString& folder)
{
    m_settings->setValue(Key::lastFolder, folder);
}

QString Settings::lastExportFolder() const
{
    return m_settings->value(Key::lastExportFolder).toString();
}

void Settings::setLastExportFolder(const QString& folder)
{
    m_settings->setValue(Key::lastExportFolder, folder);
}

void Settings::sync()
{
    m_settings->sync();
}

} // namespace kvtiers::ui
