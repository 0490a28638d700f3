#include "DecimalByteTicker.h"

#include "BinaryByteTicker.h"

#include <cmath>

namespace kvtiers::ui {

DecimalByteTicker::DecimalByteTicker()
{
    setTickCount(5);
}

double DecimalByteTicker::stepFor(const QCPRange& range) const
{
    const double raw = range.size() / std::max(1, tickCount());
    if (!(raw > 0) || !std::isfinite(raw))
        return 1.0;
    // Smallest 1-2-5 step at least the raw step: never more ticks than asked for.
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : { 1.0, 2.0, 5.0, 10.0 })
        if (m * decade >= raw * (1 - 1e-12))
            return std::max(1.0, m * decade);
    return std::max(1.0, 10 * decade);
}

double DecimalByteTicker::getTickStep(const QCPRange& range)
{
    return stepFor(range);
}

int DecimalByteTicker::getSubTickCount(double)
{
    return 1;
}

QString DecimalByteTicker::getTickLabel(double tick, const QLocale&, QChar, int)
{
    if (std::fabs(tick) < 0.5)
        return QStringLiteral("0");
    return bytesText(tick, ByteUnits::Decimal);
}

QSharedPointer<QCPAxisTicker> byteTicker(ByteUnits units)
{
    if (units == ByteUnits::Decimal)
        return QSharedPointer<DecimalByteTicker>::create();
    return QSharedPointer<BinaryByteTicker>::create();
}

QSharedPointer<QCPAxisTicker> byteTicker()
{
    return byteTicker(displayUnits());
}

ByteUnits byteTickerUnits(const QSharedPointer<QCPAxisTicker>& ticker)
{
    return ticker.dynamicCast<DecimalByteTicker>() ? ByteUnits::Decimal : ByteUnits::Binary;
}

void ensureByteTicker(QCPAxis* axis, ByteUnits units)
{
    const auto current = axis->ticker();
    const bool isByteTicker = current.dynamicCast<DecimalByteTicker>() || current.dynamicCast<BinaryByteTicker>();
    if (!isByteTicker || byteTickerUnits(current) != units)
        axis->setTicker(byteTicker(units));
}

QString bytesText(double bytes, ByteUnits units)
{
    return QString::fromStdString(formatBytes(bytes, units));
}

} // namespace kvtiers::ui
