#include "BinaryByteTicker.h"

#include "UnitsText.h"

#include <cmath>

namespace kvtiers::ui {

BinaryByteTicker::BinaryByteTicker()
{
    setTickCount(5);
}

double BinaryByteTicker::stepFor(const QCPRange& range) const
{
    const double raw = range.size() / std::max(1, tickCount());
    if (!(raw > 0) || !std::isfinite(raw))
        return 1.0;
    // Smallest power of two at least the raw step: never more ticks than asked for.
    return std::max(1.0, std::exp2(std::ceil(std::log2(raw))));
}

double BinaryByteTicker::getTickStep(const QCPRange& range)
{
    return stepFor(range);
}

int BinaryByteTicker::getSubTickCount(double)
{
    return 1;
}

QString BinaryByteTicker::getTickLabel(double tick, const QLocale&, QChar, int)
{
    if (std::fabs(tick) < 0.5)
        return QStringLiteral("0");
    return qs(formatBytes(tick, ByteUnits::Binary)); // always binary, whatever the display units
}

} // namespace kvtiers::ui
