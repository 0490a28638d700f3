#include "ui/widgets/PercentInput.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"

#include <QApplication>
#include <QCoreApplication>
#include <QLineEdit>
#include <QLocale>
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

template <typename Spin>
TypedInput<Spin>::TypedInput(TypedReader read, QWidget* parent)
    : Spin(parent)
    , m_read(std::move(read))
{
    this->setKeyboardTracking(false);
}

template <typename Spin> bool TypedInput<Spin>::isOwnText(const QString& input) const
{
    return ownText(this, this->textFromValue(this->value()), input);
}

template <typename Spin> QString TypedInput<Spin>::typedText(const QString& input) const
{
    QString t = input.trimmed();
    const QString prefix = this->prefix().trimmed();
    const QString suffix = this->suffix().trimmed();
    if (!prefix.isEmpty() && t.startsWith(prefix))
        t.remove(0, prefix.size());
    if (!suffix.isEmpty() && t.endsWith(suffix))
        t.chop(suffix.size());
    return t.trimmed();
}

template <typename Spin> double TypedInput<Spin>::typedValue(const QString& text) const
{
    if (isOwnText(text))
        return this->value();
    if (!this->specialValueText().isEmpty() && text == this->specialValueText())
        return this->minimum();
    try {
        return std::clamp(m_read(typedText(text)), double(this->minimum()), double(this->maximum()));
    } catch (const InputError&) {
        return this->value();
    }
}

template <typename Spin> QValidator::State TypedInput<Spin>::typedState(const QString& input) const
{
    if (isOwnText(input))
        return QValidator::Acceptable;
    if (!this->specialValueText().isEmpty() && input == this->specialValueText()) {
        m_typed = input;
        return QValidator::Acceptable;
    }
    m_typed = typedText(input);
    if (m_typed.isEmpty())
        return QValidator::Intermediate;
    try {
        const double v = m_read(m_typed);
        return v >= this->minimum() && v <= this->maximum() ? QValidator::Acceptable : QValidator::Intermediate;
    } catch (const InputError&) {
        return QValidator::Intermediate;
    }
}

template <typename Spin> template <typename Self> void TypedInput<Spin>::connectTypedCommit(Self* self)
{
    QObject::connect(self, &QAbstractSpinBox::editingFinished, self, [self, this] {
        if (m_typed.isEmpty())
            return;
        const QString text = std::exchange(m_typed, QString());
        if (!this->specialValueText().isEmpty() && text == this->specialValueText()) {
            markInput(self, QString());
            emit self->accepted(text, this->value());
            return;
        }
        try {
            const double v = m_read(text);
            markInput(self, QString());
            emit self->accepted(text, v);
        } catch (const InputError& e) {
            const QString message = translated(e.message());
            markInput(self, message);
            emit self->rejected(message);
        }
    });
}

template class TypedInput<QDoubleSpinBox>;
template class TypedInput<QSpinBox>;

TypedSpinBox::TypedSpinBox(TypedReader read, QWidget* parent)
    : TypedInput(std::move(read), parent)
{
    connectTypedCommit(this);
}

TypedWholeSpinBox::TypedWholeSpinBox(TypedReader read, QWidget* parent)
    : TypedInput(std::move(read), parent)
{
    connectTypedCommit(this);
}

QString FigureSpinBox::textFromValue(double value) const
{
    QLocale shown = locale(); // thousands separators even where the locale omits them (C)
    shown.setNumberOptions(shown.numberOptions() & ~QLocale::OmitGroupSeparator);
    QString text = shown.toString(value, 'f', decimals());
    const QChar point = shown.decimalPoint().front();
    if (text.contains(point)) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(point))
            text.chop(1);
    }
    return text;
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
