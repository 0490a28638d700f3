#pragma once
// KnobFields: how a knob entry binds to its field. `bind<&WorkloadParams::reuseRate>()`
// (or a HardwareCard member) makes the read, write, value, set and echo functions of a
// plain field from its type and the knob's value kind; the knobs whose field is not one
// plain value (the KV format's three keys, the allocation choice, the restore path, tier
// shares, the gap table, servers' own whole-number message) have their functions here
// too. Only Knobs.cpp, which writes the table, includes this.

#include "core/scenario/Knobs.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <type_traits>

namespace kvtiers::knob_fields {

template <class> struct MemberOf;
template <class C, class T> struct MemberOf<T C::*> {
    using Class = C;
    using Type = T;
};

template <class T> struct Unwrap {
    using Type = T;
    static constexpr bool optional = false;
};
template <class T> struct Unwrap<std::optional<T>> {
    using Type = T;
    static constexpr bool optional = true;
};

/// The member's storage in a scenario: the workload's params or the hardware card.
template <auto M> auto& in(Scenario& s)
{
    if constexpr (std::is_same_v<typename MemberOf<decltype(M)>::Class, WorkloadParams>)
        return s.workload.*M;
    else
        return s.hardware.*M;
}
template <auto M> const auto& in(const Scenario& s)
{
    if constexpr (std::is_same_v<typename MemberOf<decltype(M)>::Class, WorkloadParams>)
        return s.workload.*M;
    else
        return s.hardware.*M;
}

template <auto M> auto* in(KnobTarget& t)
{
    if constexpr (std::is_same_v<typename MemberOf<decltype(M)>::Class, WorkloadParams>)
        return &(t.params.*M);
    else
        return t.hardware ? &(t.hardware->*M) : nullptr;
}

/// Tokens, counts and sizes echo as exact integers; other numbers as they are.
Json echoNumber(const Knob& k, double v);
/// Clamped to the knob's range; whole for tokens and counts.
double clampToKnob(const Knob& k, double v);

template <auto M> void readField(const JsonObject& o, const Knob& k, KnobTarget& t)
{
    using U = Unwrap<typename MemberOf<decltype(M)>::Type>;
    auto* field = in<M>(t);
    if (!field)
        return;
    if constexpr (std::is_same_v<typename U::Type, bool>) {
        if (auto v = o.optionalBool(k.key))
            *field = *v;
    } else if (auto v = readKnobNumber(o, k)) {
        *field = static_cast<typename U::Type>(*v);
    }
}

template <auto M> Json writeField(const WorkloadParams& p)
{
    const auto& v = p.*M;
    if constexpr (Unwrap<std::remove_cvref_t<decltype(v)>>::optional)
        return v ? Json(*v) : Json(nullptr);
    else
        return Json(v);
}

template <auto M> std::optional<double> fieldValue(const Scenario& s)
{
    const auto& v = in<M>(s);
    if constexpr (Unwrap<std::remove_cvref_t<decltype(v)>>::optional)
        return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
    else
        return static_cast<double>(v);
}

template <auto M> void setField(Scenario& s, const Knob& k, double v)
{
    using U = Unwrap<typename MemberOf<decltype(M)>::Type>;
    in<M>(s) = static_cast<typename U::Type>(clampToKnob(k, v));
}

template <auto M> Json echoField(const Scenario& s, const Knob& k)
{
    const auto& v = in<M>(s);
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(v)>, bool>)
        return v;
    else
        return echoNumber(k, static_cast<double>(v));
}

/// The binding of a plain field; `echo` false for a knob the result does not echo.
template <auto M> constexpr KnobField bind(bool echo = true)
{
    using U = Unwrap<typename MemberOf<decltype(M)>::Type>;
    constexpr bool workload = std::is_same_v<typename MemberOf<decltype(M)>::Class, WorkloadParams>;
    KnobField f;
    f.read = &readField<M>;
    if constexpr (workload)
        f.write = &writeField<M>;
    f.value = &fieldValue<M>;
    if constexpr (!std::is_same_v<typename U::Type, bool>)
        f.setValue = &setField<M>;
    if constexpr (!U::optional) // an unset optional has no value to echo; its knob says how
        if (echo)
            f.echo = &echoField<M>;
    return f;
}

/// The binding of an optional field whose default depends on the cards: `Resolve` (a
/// Scenario member function) gives the value in effect, which the model uses and the
/// result echoes; e.g. bindResolved<&WorkloadParams::tp, &Scenario::tp>().
template <auto M, auto Resolve> constexpr KnobField bindResolved()
{
    KnobField f = bind<M>();
    f.value = [](const Scenario& s) { return std::optional<double>(static_cast<double>((s.*Resolve)())); };
    f.echo = [](const Scenario& s, const Knob& k) { return echoNumber(k, static_cast<double>((s.*Resolve)())); };
    return f;
}

// The knobs whose field is not one plain value (KnobFields.cpp).
KnobField kvBits();
KnobField kvDtype();
KnobField kvScaleBits();
KnobField context();
KnobField allocation();
KnobField restorePath();
KnobField reuseGapCdf();
KnobField weightsPlacement();
KnobField kvPlacement();
KnobField servers();
KnobField hostLinkBandwidth();

} // namespace kvtiers::knob_fields
