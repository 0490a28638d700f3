#include "ui/common/DisplayOptions.h"

#include "ui/common/Settings.h"

namespace kvtiers::ui {

DisplayOptions::DisplayOptions(QObject* parent)
    : QObject(parent)
{
}

void DisplayOptions::setUnits(ByteUnits units)
{
    if (units == m_units)
        return;
    m_units = units;
    emit unitsChanged(units);
    emit changed();
}

void DisplayOptions::setScope(TierScope scope)
{
    if (scope == m_scope)
        return;
    m_scope = scope;
    emit scopeChanged(scope);
    emit changed();
}

void DisplayOptions::setSweepAxis(SweepAxis axis)
{
    if (axis == m_sweepAxis)
        return;
    m_sweepAxis = axis;
    emit sweepAxisChanged(axis);
    emit changed();
}

void DisplayOptions::load(const Settings& settings)
{
    const int scope = settings.tierScope();
    if (scope >= 0 && scope <= 2)
        setScope(static_cast<TierScope>(scope));
    const int axis = settings.sweepAxis();
    if (axis == 0 || axis == 1)
        setSweepAxis(static_cast<SweepAxis>(axis));
    setUnits(settings.displayUnits());
}

void DisplayOptions::save(Settings& settings) const
{
    settings.setTierScope(static_cast<int>(m_scope));
    settings.setSweepAxis(static_cast<int>(m_sweepAxis));
    settings.setDisplayUnits(m_units);
}

DisplayOptions* DisplayOptions::swap(DisplayOptions* current, DisplayOptions* next, QObject* owner)
{
    if (current)
        QObject::disconnect(current, nullptr, owner, nullptr); // the caller connects again
    const bool ownsCurrent = current && current->parent() == owner;
    if (!next)
        return ownsCurrent ? current : new DisplayOptions(owner);
    if (ownsCurrent && current != next)
        current->deleteLater();
    return next;
}

} // namespace kvtiers::ui
