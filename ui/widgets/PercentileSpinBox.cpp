#include "ui/widgets/PercentileSpinBox.h"

#include "core/cards/LatencyTargets.h"

#include <QEvent>

namespace kvtiers::ui {

PercentileSpinBox::PercentileSpinBox(QWidget* parent)
    : QDoubleSpinBox(parent)
{
    setRange(kMeanPercentile, kMaximum);
    setDecimals(2);
    setPrefix(QStringLiteral("p"));
    retranslate();
}

void PercentileSpinBox::retranslate()
{
    setSpecialValueText(tr("mean"));
    setToolTip(tr("The percentile the target holds at, from 1 to 99.99 (99: MLPerf's server scenario), or the "
                  "mean below 1."));
}

void PercentileSpinBox::changeEvent(QEvent* event)
{
    QDoubleSpinBox::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

void PercentileSpinBox::stepBy(int steps)
{
    // The mean sits just below 1: one step apart, with nothing between.
    const double now = value();
    if (now == kMeanPercentile && steps > 0) {
        setValue(kMinPercentile + (steps - 1) * singleStep());
        return;
    }
    if (now != kMeanPercentile && now + steps * singleStep() < kMinPercentile) {
        setValue(kMeanPercentile);
        return;
    }
    QDoubleSpinBox::stepBy(steps);
}

QValidator::State PercentileSpinBox::validate(QString& input, int& pos) const
{
    const QValidator::State state = QDoubleSpinBox::validate(input, pos);
    if (state != QValidator::Acceptable)
        return state;
    // "p0.5" reads, but a percentile below 1 is none: keep typing (or be put back).
    const double typed = valueFromText(input);
    return typed != kMeanPercentile && typed < kMinPercentile ? QValidator::Intermediate : state;
}

} // namespace kvtiers::ui
