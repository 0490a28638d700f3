#pragma once
// ChartPalette: the colours of the charts, in one place. Segment and tier fills are
// Okabe–Ito colours (distinguishable with colour-vision deficiencies); "free" and all
// text derive from the widget palette so charts read in light and dark themes. Overflow
// is a red nobody can miss.

#include "ui/common/Tier.h"

#include <QColor>
#include <QPalette>

namespace kvtiers::ui::chart {

inline QColor segmentColor(Segment segment, const QPalette& palette)
{
    switch (segment) {
    case Segment::Weights:
        return QColor(0x00, 0x72, 0xB2);
    case Segment::HotKv:
        return QColor(0xE6, 0x9F, 0x00);
    case Segment::SharedPrefixes:
        return QColor(0xF0, 0xE4, 0x42);
    case Segment::Fragmentation:
        return QColor(0x99, 0x99, 0x99);
    case Segment::Retained:
        return QColor(0x00, 0x9E, 0x73);
    case Segment::InclusiveCopies:
        return QColor(0x56, 0xB4, 0xE9);
    case Segment::Free:
        break;
    }
    // Free space: a faint tint of the text colour over the base colour.
    const QColor base = palette.color(QPalette::Base), text = palette.color(QPalette::Text);
    const double t = 0.10;
    return QColor::fromRgbF(static_cast<float>(base.redF() * (1 - t) + text.redF() * t),
        static_cast<float>(base.greenF() * (1 - t) + text.greenF() * t),
        static_cast<float>(base.blueF() * (1 - t) + text.blueF() * t));
}

inline QColor tierColor(Tier tier)
{
    switch (tier) {
    case Tier::Dram:
        return QColor(0x00, 0x9E, 0x73);
    case Tier::Ssd:
        return QColor(0xCC, 0x79, 0xA7);
    case Tier::Hbm:
        break;
    }
    return QColor(0x00, 0x72, 0xB2);
}

inline QColor overflowColor()
{
    return QColor(0xFF, 0x10, 0x10);
}

/// Black or white, whichever reads on `fill`.
inline QColor textOn(const QColor& fill)
{
    return fill.lightnessF() > 0.55 ? Qt::black : Qt::white;
}

} // namespace kvtiers::ui::chart
