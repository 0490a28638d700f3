#pragma once
// UnitsText: the core's formatters (core/Units.h) returning QString, so every number the
// GUI shows is formatted exactly as the CLI formats it (HOUSE.md rule 7). No arithmetic here.

#include "core/io/Units.h"

#include <QCoreApplication>
#include <QString>

namespace kvtiers::ui {

inline QString qs(const std::string& text)
{
    return QString::fromStdString(text);
}
/// Bytes in `units` (a view's DisplayOptions::units()); signed values keep their sign.
inline QString bytesText(double bytes, ByteUnits units)
{
    return qs(formatBytes(bytes, units));
}
inline QString secondsText(double seconds)
{
    return qs(formatSeconds(seconds));
}
/// A time a request waits or takes: as secondsText up to a day, "> 1 day" beyond.
inline QString latencyText(double seconds)
{
    const std::string text = formatLatency(seconds);
    return text == kLatencyBeyondADay ? QCoreApplication::translate("Units", "> 1 day") : qs(text);
}
inline QString rateText(double bytesPerSecond)
{
    return qs(formatRate(bytesPerSecond));
}
inline QString countText(double value)
{
    return qs(formatCount(value));
}
inline QString tokensText(double tokens)
{
    return qs(formatTokens(tokens));
}
inline QString significantText(double value, int digits)
{
    return qs(formatSignificant(value, digits));
}
/// 0.5 -> "50%" (significant digits, trailing zeros trimmed).
inline QString percentText(double share, int digits = 3)
{
    return qs(formatSignificant(share * 100.0, digits)) + u'%';
}

} // namespace kvtiers::ui
