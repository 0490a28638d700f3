#pragma once
// PercentInput: the rules of the typed fields. Every percent field (reuse, offload rate, GPU
// memory utilisation): "30%" is 30%, a bare number above 1 is a percent ("30" → 30%), and one
// from 0 to 1 is a share ("0.3" → 30%, "1" → 100%). Each accepted entry says what it took.
//
// Bad input behaves the same in every field: the field shows its last good value again, it
// is marked (markInput: the property "inputError" and a tinted background, the message as
// its tooltip), and the message goes to the status bar; a good value typed into the field
// clears its mark. TypedSpinBox and TypedWholeSpinBox give spin boxes that rule: any text
// may be typed, and what cannot be read is refused with the core's message, not silently.

#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QString>

#include <functional>
#include <string>
#include <utility>

namespace kvtiers::ui {

/// The share (0 to 1) `text` means under the rule above. Throws InputError naming `what`
/// (not a number; out of 0% to 100%).
double readPercentInput(const QString& text, const std::string& what);
/// "Reuse rate: took “30” as 30%": what a field says after an entry (status bar), `what`
/// ("reuse rate") beginning it with a capital.
QString percentTakenText(const QString& what, const QString& typed, double share);

/// Marks `field` as holding input it refused, with `message` as its tooltip's first line
/// and accessible description; an empty message clears the mark and restores the tooltip.
void markInput(QWidget* field, const QString& message);
/// Whether `field` is marked (markInput).
bool inputMarked(const QWidget* field);

/// Reads the text typed in a field (its suffix removed) as the value the spin box holds;
/// throws kvtiers::InputError with the message to show.
using TypedReader = std::function<double(const QString& typed)>;

/// What a typed spin box shares, whole or not (`Spin` is QDoubleSpinBox or QSpinBox): any
/// text may be typed; its reader turns it into a value, and what it cannot read is refused at
/// the commit with the core's message (connectTypedCommit). moc needs each signal-bearing
/// class to be a plain class, so the two spin boxes below keep their own signals and take
/// everything else from here.
template <typename Spin> class TypedInput : public Spin {
public:
    void setReader(TypedReader read) { m_read = std::move(read); }

protected:
    TypedInput(TypedReader read, QWidget* parent);
    /// `input` less the prefix and suffix the spin box shows ("300 s" is "300" typed).
    QString typedText(const QString& input) const;
    /// The value `text` stands for, within the range; the current value for the spin box's
    /// own text and for text that cannot be read (the commit says why).
    double typedValue(const QString& text) const;
    /// Acceptable what reads within the range, Intermediate anything else (never Invalid).
    QValidator::State typedState(const QString& input) const;
    /// On each committed entry, `self`'s rejected(message) with the field marked, or
    /// accepted(typed, value) with the mark cleared.
    template <typename Self> void connectTypedCommit(Self* self);

private:
    bool isOwnText(const QString& input) const;
    TypedReader m_read;
    mutable QString m_typed; ///< the last text typed, until committed
};

/// A QDoubleSpinBox that reads typed text with its reader (units, percent rules) and says
/// what it refused: rejected() with the message, the field marked; accepted() otherwise.
class TypedSpinBox : public TypedInput<QDoubleSpinBox> {
    Q_OBJECT
public:
    explicit TypedSpinBox(TypedReader read, QWidget* parent = nullptr);

    double valueFromText(const QString& text) const override { return typedValue(text); }
    QValidator::State validate(QString& input, int& /*pos*/) const override { return typedState(input); }

signals:
    void rejected(const QString& message);
    void accepted(const QString& typed, double value);
};

/// The same rules for a whole-number QSpinBox.
class TypedWholeSpinBox : public TypedInput<QSpinBox> {
    Q_OBJECT
public:
    explicit TypedWholeSpinBox(TypedReader read, QWidget* parent = nullptr);

    int valueFromText(const QString& text) const override { return static_cast<int>(typedValue(text)); }
    QValidator::State validate(QString& input, int& /*pos*/) const override { return typedState(input); }

signals:
    void rejected(const QString& message);
    void accepted(const QString& typed, double value);
};

/// A QDoubleSpinBox that shows a figure as the rest of the app writes it: the locale's
/// thousands separators and no trailing zeros ("100", "1,250.5", not "100.000").
class FigureSpinBox : public QDoubleSpinBox {
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    QString textFromValue(double value) const override;
};

/// A percent spin box (0 to 100, suffix " %") that reads typed text by the rule above and
/// emits taken() with percentTakenText() for each typed entry it commits.
class PercentSpinBox : public TypedSpinBox {
    Q_OBJECT
public:
    PercentSpinBox(const QString& what, QWidget* parent = nullptr);
    /// The field's name in messages ("offload rate"), set again when the language changes.
    void setWhat(const QString& what) { m_what = what; }

signals:
    void taken(const QString& message);

private:
    QString m_what;
};

} // namespace kvtiers::ui
