#include "ui/text/VariableText.h"

#include "ui/text/UnitsText.h"

#include <QCoreApplication>

namespace kvtiers::ui {

QString variableName(Variable v)
{
    return QCoreApplication::translate("Knob", knob(v).sensitivity.label);
}

QString variableValueText(Variable v, double value, ByteUnits units)
{
    switch (knob(v).value) {
    case KnobValue::Tokens:
        return tokensText(value);
    case KnobValue::Count:
        return countText(value);
    case KnobValue::Format:
        return QCoreApplication::translate("Variable", "%1 bit").arg(significantText(value, 3));
    case KnobValue::Fraction:
        return percentText(value);
    case KnobValue::Bytes:
        return bytesText(value, units);
    case KnobValue::Number: // total traffic, requests/s
        return significantText(value, 4);
    default:
        break;
    }
    return significantText(value, 3);
}

} // namespace kvtiers::ui
