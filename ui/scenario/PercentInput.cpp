#include "ui/scenario/PercentInput.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"

#include <QApplication>
#include <QCoreApplication>
#include <QLineEdit>
#include <QPalette>
#include <QVariant>

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

namespace {

const char* const kMarkProperty = "inputError";
const char* const kPlainTipProperty = "inputPlainToolTip";

/// Whether `input` is the text a spin box writes itself for its value (`shown`, or its
/// special value text at its minimum): that is not typing.
template <typename Spin> bool ownText(const Spin* spin, const QString& shown, const QString& input)
{
    if (!spin->specialValueText().isEmpty() && spin->value() == spin->minimum() && input == spin->specialValueText())
        return true;
    return input.trimmed() == QString(spin->prefix() + shown + spin->suffix()).trimmed();
}

/// `input` less the prefix and suffix the spin box shows ("300 s" is "300" typed).
template <typename Spin> QString strippedText(const Spin* spin, const QString& input)
{
    QString t = input.trimmed();
    const QString prefix = spin->prefix().trimmed();
    const QString suffix = spin->suffix().trimmed();
    if (!prefix.isEmpty() && t.startsWith(prefix))
        t.remove(0, prefix.size());
    if (!suffix.isEmpty() && t.endsWith(suffix))
        t.chop(suffix.size());
    return t.trimmed();
}

/// On each committed entry: the field's mark and message (rejected) or no mark (accepted).
template <typename Spin> void connectCommit(Spin* spin, QString* typed, const TypedReader* read)
{
    QObject::connect(spin, &QAbstractSpinBox::editingFinished, spin, [spin, typed, read] {
        if (typed->isEmpty())
            return;
        const QString text = std::exchange(*typed, QString());
        if (!spin->specialValueText().isEmpty() && text == spin->specialValueText()) {
            markInput(spin, QString());
            emit spin->accepted(text, spin->value());
            return;
        }
        try {
            const double v = (*read)(text);
            markInput(spin, QString());
            emit spin->accepted(text, v);
        } catch (const InputError& e) {
            const QString message = translated(e.message());
            markInput(spin, message);
            emit spin->rejected(message);
        }
    });
}

/// Any text may be typed (the commit says what is wrong); what reads is acceptable.
QValidator::State typedState(bool own, const QString& special, const QString& input, const QString& stripped,
    const TypedReader& read, double min, double max, QString& typed)
{
    if (own)
        return QValidator::Acceptable;
    if (!special.isEmpty() && input == special) {
        typed = input;
        return QValidator::Acceptable;
    }
    typed = stripped;
    if (stripped.isEmpty())
        return QValidator::Intermediate;
    try {
        const double v = read(stripped);
        return v >= min && v <= max ? QValidator::Acceptable : QValidator::Intermediate;
    } catch (const InputError&) {
        return QValidator::Intermediate;
    }
}

} // namespace

void markInput(QWidget* field, const QString& message)
{
    const bool mark = !message.isEmpty();
    if (inputMarked(field) == mark && !mark)
        return;
    if (!inputMarked(field))
        field->setProperty(kPlainTipProperty, field->toolTip());
    const QString plainTip = field->property(kPlainTipProperty).toString();
    field->setProperty(kMarkProperty, mark);
    QPalette palette = field->palette();
    if (mark) {
        // A tint of red on the field's own background, readable in light and dark themes.
        const QColor base = QApplication::palette(field).color(QPalette::Base);
        const QColor red(220, 40, 40);
        palette.setColor(QPalette::Base,
            QColor((base.red() * 2 + red.red()) / 3, (base.green() * 2 + red.green()) / 3,
                (base.blue() * 2 + red.blue()) / 3));
        field->setToolTip(plainTip.isEmpty() ? message : message + QStringLiteral("\n\n") + plainTip);
    } else {
        palette.setColor(QPalette::Base, QApplication::palette(field).color(QPalette::Base));
        field->setToolTip(plainTip);
    }
    field->setPalette(palette);
    field->setAccessibleDescription(message);
}

bool inputMarked(const QWidget* field)
{
    return field->property(kMarkProperty).toBool();
}

TypedSpinBox::TypedSpinBox(TypedReader read, QWidget* parent)
    : QDoubleSpinBox(parent)
    , m_read(std::move(read))
{
    setKeyboardTracking(false);
    connectCommit(this, &m_typed, &m_read);
}

bool TypedSpinBox::isOwnText(const QString& input) const
{
    return ownText(this, textFromValue(value()), input);
}

QString TypedSpinBox::typedText(const QString& input) const
{
    return strippedText(this, input);
}

double TypedSpinBox::valueFromText(const QString& text) const
{
    if (isOwnText(text))
        return value();
    if (!specialValueText().isEmpty() && text == specialValueText())
        return minimum();
    try {
        return std::clamp(m_read(typedText(text)), minimum(), maximum());
    } catch (const InputError&) {
        return value();
    }
}

QValidator::State TypedSpinBox::validate(QString& input, int& /*pos*/) const
{
    return typedState(
        isOwnText(input), specialValueText(), input, typedText(input), m_read, minimum(), maximum(), m_typed);
}

TypedWholeSpinBox::TypedWholeSpinBox(TypedReader read, QWidget* parent)
    : QSpinBox(parent)
    , m_read(std::move(read))
{
    setKeyboardTracking(false);
    connectCommit(this, &m_typed, &m_read);
}

bool TypedWholeSpinBox::isOwnText(const QString& input) const
{
    return ownText(this, textFromValue(value()), input);
}

QString TypedWholeSpinBox::typedText(const QString& input) const
{
    return strippedText(this, input);
}

int TypedWholeSpinBox::valueFromText(const QString& text) const
{
    if (isOwnText(text))
        return value();
    try {
        const double v = std::clamp(m_read(typedText(text)), double(minimum()), double(maximum()));
        return static_cast<int>(v);
    } catch (const InputError&) {
        return value();
    }
}

QValidator::State TypedWholeSpinBox::validate(QString& input, int& /*pos*/) const
{
    return typedState(
        isOwnText(input), specialValueText(), input, typedText(input), m_read, minimum(), maximum(), m_typed);
}

PercentSpinBox::PercentSpinBox(const QString& what, QWidget* parent)
    : TypedSpinBox({}, parent)
    , m_what(what)
{
    setReader([this](const QString& typed) { return readPercentInput(typed, m_what.toStdString()) * 100; });
    setSuffix(QStringLiteral(" %"));
    setRange(0, 100);
    connect(this, &TypedSpinBox::accepted, this,
        [this](const QString& typed, double percent) { emit taken(percentTakenText(m_what, typed, percent / 100)); });
}

} // namespace kvtiers::ui
