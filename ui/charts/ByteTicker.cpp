#include "ui/charts/ByteTicker.h"

#include "ui/text/UnitsText.h"

#include <cmath>

namespace kvtiers::ui {

ByteTicker::ByteTicker(ByteUnits units)
    : m_units(units)
{
    setTickCount(5);
}

double ByteTicker::stepFor(const QCPRange& range) const
{
    const double raw = range.size() / std::max(1, tickCount());
    if (!(raw > 0) || !std::isfinite(raw))
        return 1.0;
    if (m_units == ByteUnits::Binary)
        return std::max(1.0, std::exp2(std::ceil(std::log2(raw))));
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : { 1.0, 2.0, 5.0, 10.0 })
        if (m * decade >= raw * (1 - 1e-12))
            return std::max(1.0, m * decade);
    return std::max(1.0, 10 * decade);
}

double ByteTicker::getTickStep(const QCPRange& range)
{
    return stepFor(range);
}

int ByteTicker::getSubTickCount(double)
{
    return 1;
}

QString ByteTicker::getTickLabel(double tick, const QLocale&, QChar, int)
{
    if (std::fabs(tick) < 0.5)
        return QStringLiteral("0");
    return bytesText(tick, m_units);
}

QSharedPointer<QCPAxisTicker> byteTicker(ByteUnits units)
{
    return QSharedPointer<ByteTicker>::create(units);
}

ByteUnits byteTickerUnits(const QSharedPointer<QCPAxisTicker>& ticker)
{
    const auto bytes = ticker.dynamicCast<ByteTicker>();
    return bytes ? bytes->units() : ByteUnits::Binary;
}

void ensureByteTicker(QCPAxis* axis, ByteUnits units)
{
    const auto current = axis->ticker().dynamicCast<ByteTicker>();
    if (!current || current->units() != units)
        axis->setTicker(byteTicker(units));
}

} // namespace kvtiers::ui
