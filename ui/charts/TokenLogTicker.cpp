#include "ui/charts/TokenLogTicker.h"

#include "ui/text/UnitsText.h"

#include <cmath>

namespace kvtiers::ui {

TokenLogTicker::TokenLogTicker(Labels labels)
    : m_labels(labels)
{
    setLogBase(4);
    setSubTickCount(1);
}

QString TokenLogTicker::getTickLabel(double tick, const QLocale&, QChar, int)
{
    const double rounded = std::round(tick);
    return m_labels == Labels::Tokens ? tokensText(rounded) : countText(rounded);
}

} // namespace kvtiers::ui
