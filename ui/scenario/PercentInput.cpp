#include "ui/scenario/PercentInput.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "ui/text/UnitsText.h"

#include <QCoreApplication>
#include <QLineEdit>

#include <algorithm>
#include <utility>

namespace kvtiers::ui {

double readPercentInput(const QString& text, const std::string& what)
{
    const std::string t = text.trimmed().toStdString();
    if (!t.empty() && t.back() != '%') {
        // A bare number above 1 is a percent; the core's message then quotes "30%".
        if (const auto v = parsePlainNumber(t); v && *v > 1)
            return parseFraction(t + "%", what);
    }
    return parseFraction(t, what);
}

QString percentTakenText(const QString& what, const QString& typed, double share)
{
    QString name = what; // it begins the message: "Reuse rate" for "reuse rate"
    if (!name.isEmpty())
        name[0] = name[0].toUpper();
    return QCoreApplication::translate("PercentInput", "%1: took “%2” as %3")
        .arg(name, typed.trimmed(), percentText(share));
}

PercentSpinBox::PercentSpinBox(const QString& what, QWidget* parent)
    : QDoubleSpinBox(parent)
    , m_what(what)
{
    setSuffix(QStringLiteral(" %"));
    setRange(0, 100);
    setKeyboardTracking(false);
    connect(this, &QAbstractSpinBox::editingFinished, this, [this] {
        if (m_typed.isEmpty())
            return;
        const QString typed = std::exchange(m_typed, QString());
        try {
            emit taken(percentTakenText(m_what, typed, readPercentInput(typed, m_what.toStdString())));
        } catch (const InputError&) {
            // Not a value: the spin box shows its last value again.
        }
    });
}

QString PercentSpinBox::typedText(const QString& input) const
{
    // The suffix the spin box shows (" %") is not part of what was typed: "0.3 %" is
    // "0.3" typed before it. A '%' typed by hand stays ("30% %" is "30%").
    QString t = input.trimmed();
    const QString shownSuffix = suffix().trimmed();
    if (!shownSuffix.isEmpty() && t.endsWith(shownSuffix))
        t.chop(shownSuffix.size());
    return t.trimmed();
}

double PercentSpinBox::valueFromText(const QString& text) const
{
    // Its own text ("1 %") is the value it shows, whatever the rule would make of "1".
    if (text.trimmed() == QString(textFromValue(value()) + suffix()).trimmed())
        return value();
    try {
        return std::clamp(readPercentInput(typedText(text), m_what.toStdString()) * 100, minimum(), maximum());
    } catch (const InputError&) {
        return value();
    }
}

QValidator::State PercentSpinBox::validate(QString& input, int& /*pos*/) const
{
    const QString t = typedText(input);
    if (t.isEmpty() || t == QStringLiteral("%"))
        return QValidator::Intermediate;
    try {
        const double percent = readPercentInput(t, m_what.toStdString()) * 100;
        if (percent < minimum() || percent > maximum())
            return QValidator::Intermediate;
        // Text the spin box wrote itself ("30 %") is not typing.
        if (input.trimmed() != QString(textFromValue(value()) + suffix()).trimmed())
            m_typed = t;
        return QValidator::Acceptable;
    } catch (const InputError&) {
        // A number on its way ("0.", "3") or not a number at all.
        return t.size() <= 12 ? QValidator::Intermediate : QValidator::Invalid;
    }
}

} // namespace kvtiers::ui
