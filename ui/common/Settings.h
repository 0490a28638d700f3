#pragma once
// Settings: the app's persistent preferences as typed accessors with defaults, so no
// settings key is ever spelled twice (qBittorrent's habit). Stored with QSettings; when
// the environment names KVTIERS_TEST_HOME (tests), an INI file there is used instead so
// tests never touch the user's configuration.

#include "core/catalog/ScenarioSpec.h"
#include "core/io/Units.h"

#include <QByteArray>
#include <QSettings>

#include <memory>
#include <optional>

namespace kvtiers::ui {

class Settings {
public:
    Settings();
    ~Settings();

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray& state);

    /// The Scenario tab's split between its charts and the article's tier table.
    QByteArray scenarioSplitterState() const;
    void setScenarioSplitterState(const QByteArray& state);
    QByteArray chartSplitterState() const;
    void setChartSplitterState(const QByteArray& state);

    /// The scenario shown when the app was last closed; nullopt if none or unreadable.
    std::optional<ScenarioSpec> lastScenario() const;
    void setLastScenario(const ScenarioSpec& spec);
    /// The Fleet tab's inputs when the app was last closed (FleetView::sessionText()); "" if none.
    QString fleetSession() const;
    void setFleetSession(const QString& text);
    /// The Trace tab's Under load inputs when the app was last closed (LoadDocument::sessionText()); "" if none.
    QString loadSession() const;
    void setLoadSession(const QString& text);

    int tierScope() const; ///< TierScope as int; default per replica
    void setTierScope(int scope);
    int sweepAxis() const; ///< SweepAxis as int; default context
    void setSweepAxis(int axis);
    bool advancedExpanded() const;
    void setAdvancedExpanded(bool expanded);
    /// The UI language: "" follows the system locale, else "en" or "ko" (Language.h).
    QString language() const;
    void setLanguage(const QString& language);
    /// Units bytes are shown in (View > Units); default binary, as the article counts.
    ByteUnits displayUnits() const;
    void setDisplayUnits(ByteUnits units);
    /// The folder of the last file chosen in a file dialog (FileDialog); empty if none.
    QString lastFolder() const;
    void setLastFolder(const QString& folder);
    /// The folder of the last file saved by an export (FileDialog's save dialogs); empty if none.
    QString lastExportFolder() const;
    void setLastExportFolder(const QString& folder);

    void sync();

private:
    std::unique_ptr<QSettings> m_settings;
};

} // namespace kvtiers::ui
