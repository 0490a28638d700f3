#pragma once
// DisplayOptions: how the GUI shows the numbers it has, never what it computes: the byte
// units (decimal or binary), the tier scope (per GPU, replica or server) and the sweep
// axis. One object, owned by MainWindow, loaded from and saved to Settings, handed to
// every view that shows bytes. A view observes it and re-formats from the result it
// already holds: changing an option never re-evaluates a scenario or re-sizes a fleet.
// Setting a value equal to the current one emits nothing, so a view may set the option
// from its own control and observe it back without a loop. A view built without one
// (a test, a standalone widget) makes its own (swap()).

#include "core/analysis/Sweep.h"
#include "core/io/Units.h"
#include "ui/common/TierScope.h"

#include <QObject>

namespace kvtiers::ui {

class Settings;

class DisplayOptions : public QObject {
    Q_OBJECT
public:
    explicit DisplayOptions(QObject* parent = nullptr);

    ByteUnits units() const { return m_units; }
    TierScope scope() const { return m_scope; }
    SweepAxis sweepAxis() const { return m_sweepAxis; }

    void setUnits(ByteUnits units);
    void setScope(TierScope scope);
    void setSweepAxis(SweepAxis axis);

    /// Reads every option from `settings` (a damaged or unknown value keeps the default).
    void load(const Settings& settings);
    void save(Settings& settings) const;

    /// For a view's setDisplayOptions(): stops `owner` observing `current` (deleted if
    /// `owner` made it) and returns `next`, or a new DisplayOptions owned by `owner` when
    /// `next` is null (a view used alone: a test, a dialog). The caller connects to it.
    static DisplayOptions* swap(DisplayOptions* current, DisplayOptions* next, QObject* owner);

signals:
    void unitsChanged(kvtiers::ByteUnits units);
    void scopeChanged(kvtiers::ui::TierScope scope);
    void sweepAxisChanged(kvtiers::SweepAxis axis);
    /// After any of the above.
    void changed();

private:
    ByteUnits m_units = ByteUnits::Binary; // the article's numbers are binary (320 KiB, 40 GiB)
    TierScope m_scope = TierScope::PerReplica;
    SweepAxis m_sweepAxis = SweepAxis::Context;
};

} // namespace kvtiers::ui
