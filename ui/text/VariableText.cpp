#include "ui/text/VariableText.h"

#include "ui/text/UnitsText.h"

#include <QCoreApplication>

namespace kvtiers::ui {

QString variableName(Variable v)
{
    switch (v) {
    case Variable::Context:
        return QCoreApplication::translate("Variable", "Average input context");
    case Variable::Concurrency:
        return QCoreApplication::translate("Variable", "Active sequences per replica");
    case Variable::KvBits:
        return QCoreApplication::translate("Variable", "KV bytes per token (format)");
    case Variable::ReuseRate:
        return QCoreApplication::translate("Variable", "Prefix-cache hit rate");
    case Variable::OffloadRate:
        return QCoreApplication::translate("Variable", "HBM→host offload rate");
    case Variable::DramPerServer:
        return QCoreApplication::translate("Variable", "DRAM per server");
    case Variable::NvmePerServer:
        return QCoreApplication::translate("Variable", "NVMe per server");
    case Variable::Traffic:
        return QCoreApplication::translate("Variable", "Total traffic (requests/s)");
    }
    return qs(variableLabel(v));
}

QString variableValueText(Variable v, double value, ByteUnits units)
{
    switch (v) {
    case Variable::Context:
        return tokensText(value);
    case Variable::Concurrency:
        return countText(value);
    case Variable::KvBits:
        return QCoreApplication::translate("Variable", "%1 bit").arg(significantText(value, 3));
    case Variable::ReuseRate:
    case Variable::OffloadRate:
        return percentText(value);
    case Variable::DramPerServer:
    case Variable::NvmePerServer:
        return bytesText(value, units);
    case Variable::Traffic:
        return significantText(value, 4);
    }
    return significantText(value, 3);
}

} // namespace kvtiers::ui
