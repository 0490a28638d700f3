#include "core/model/VllmLogSetup.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/model/VllmCheck.h"

#include <QtGlobal>

#include <algorithm>
#include <cctype>

namespace kvtiers {

namespace {

// Every sentence the check says, once (context "VllmCheck"): the CLI prints the English,
// the GUI translates the same template.
constexpr MessageContext say { "VllmCheck" };

} // namespace

namespace {

/// The log's kv_cache_dtype as a format: "auto" is the model's own dtype (the card's
/// default KV bits); every fp8 variant is 8 bits; nullopt when kvtiers does not know it.
std::optional<KvFormat> logKvFormat(const std::string& dtype, const ModelCard* model)
{
    std::string d = dtype;
    std::transform(d.begin(), d.end(), d.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (d == "auto")
        return model ? std::optional<KvFormat>(KvFormat { model->defaultKvBits, 0 }) : std::nullopt;
    if (d.starts_with("fp8"))
        return KvFormat { 8, 0 };
    try {
        return parseKvDtype(d, "kv_cache_dtype");
    } catch (const InputError&) {
        return std::nullopt;
    }
}

const ModelCard* cardOf(const std::map<std::string, ModelCard>& models, const std::string& id)
{
    const auto it = models.find(id);
    return it == models.end() ? nullptr : &it->second;
}

std::string modelLabel(const std::map<std::string, ModelCard>& models, const std::string& id)
{
    const ModelCard* card = cardOf(models, id);
    return card ? card->name + " (" + id + ")" : id;
}

} // namespace

VllmSetupValues vllmSetupFromLog(
    const VllmLog& log, const std::map<std::string, ModelCard>& models, const VllmSetupValues& base)
{
    VllmSetupValues v = base;
    if (log.model) {
        const VllmModelMatch m = matchVllmModel(log.model->text, models);
        if (!m.cardId.empty())
            v.modelId = m.cardId;
    }
    if (log.tp)
        v.tp = static_cast<int>(log.tp->number);
    if (log.blockSize)
        v.blockSize = static_cast<int>(log.blockSize->number);
    if (log.kvCacheDtype)
        if (auto kv = logKvFormat(log.kvCacheDtype->text, cardOf(models, v.modelId)))
            v.kv = kv;
    if (log.maxModelLen)
        v.context = log.maxModelLen->number;
    return v;
}

namespace {

using Setting = VllmSetupNote::Setting;

/// One setting the log states: its vLLM name, the log's value, the scenario's and the used
/// one as text (empty: not given), and whether the log's equals each.
struct Stated {
    Setting setting;
    const char* name;
    const VllmLogSetting* log;
    std::string scenario, used;
    bool scenarioSame, usedSame;
};

std::string kvText(const std::optional<KvFormat>& kv)
{
    return kv ? kv->name() : std::string();
}

bool sameKv(const std::optional<KvFormat>& a, const std::optional<KvFormat>& b)
{
    return a && b && a->bits == b->bits && a->scaleBits == b->scaleBits;
}

std::vector<Stated> statedSettings(const VllmLog& log, const std::map<std::string, ModelCard>& models,
    const VllmSetupValues& scenario, const VllmSetupValues& used)
{
    std::vector<Stated> out;
    auto count = [](double v) { return v > 0 ? formatCount(v) : std::string(); };
    if (log.tp)
        out.push_back({ Setting::Tp, "tensor_parallel_size", &*log.tp, count(scenario.tp), count(used.tp),
            scenario.tp == log.tp->number, used.tp == log.tp->number });
    if (log.blockSize)
        out.push_back({ Setting::BlockSize, kVllmBlockSizeSetting, &*log.blockSize, count(scenario.blockSize),
            count(used.blockSize), scenario.blockSize == log.blockSize->number,
            used.blockSize == log.blockSize->number });
    if (log.kvCacheDtype) {
        const auto kv = logKvFormat(log.kvCacheDtype->text, cardOf(models, used.modelId));
        out.push_back({ Setting::KvDtype, "kv_cache_dtype", &*log.kvCacheDtype, kvText(scenario.kv), kvText(used.kv),
            !kv || sameKv(kv, scenario.kv), !kv || sameKv(kv, used.kv) });
    }
    if (log.maxModelLen)
        out.push_back(
            { Setting::MaxModelLen, "max_model_len", &*log.maxModelLen, count(scenario.context), count(used.context),
                scenario.context == log.maxModelLen->number, used.context == log.maxModelLen->number });
    return out;
}

/// The model's note, if any, and its part of the "taken from the log" list.
void modelNotes(const VllmLog& log, const std::map<std::string, ModelCard>& models, const VllmSetupValues& scenario,
    const VllmSetupValues& used, std::vector<VllmSetupNote>& notes, std::vector<std::string>& taken)
{
    using Kind = VllmSetupNote::Kind;
    const VllmLogSetting& stated = *log.model;
    const VllmModelMatch m = matchVllmModel(stated.text, models);
    const std::string usedLabel = modelLabel(models, used.modelId);
    VllmSetupNote n { .setting = Setting::Model, .logValue = stated.text, .given = usedLabel, .line = stated.line };
    if (m.how == VllmModelMatch::How::None) {
        n.kind = Kind::ModelNoCard;
        notes.push_back(n);
        return;
    }
    if (m.how == VllmModelMatch::How::Ambiguous) {
        n.kind = Kind::ModelAmbiguous;
        for (const std::string& c : m.candidates)
            n.candidates += (n.candidates.empty() ? "" : ", ") + c;
        notes.push_back(n);
        return;
    }
    if (used.modelId != m.cardId) {
        n.kind = Kind::DiffersFromLog;
        n.cardId = m.cardId;
        notes.push_back(n);
        return;
    }
    taken.push_back("model " + stated.text + " = " + m.cardId + " (line " + std::to_string(stated.line) + ")");
    if (m.how == VllmModelMatch::How::BaseModel)
        notes.push_back({ .kind = Kind::ModelBaseName,
            .setting = Setting::Model,
            .logValue = stated.text,
            .cardId = m.cardId,
            .dropped = m.dropped,
            .line = stated.line });
    if (!scenario.modelId.empty() && scenario.modelId != m.cardId)
        notes.push_back({ .kind = Kind::LogReplaces,
            .setting = Setting::Model,
            .logValue = modelLabel(models, m.cardId),
            .given = modelLabel(models, scenario.modelId),
            .line = stated.line });
}

} // namespace

std::vector<VllmSetupNote> vllmSetupNotes(const VllmLog& log, const std::map<std::string, ModelCard>& models,
    const VllmSetupValues& scenario, const VllmSetupValues& used)
{
    using Kind = VllmSetupNote::Kind;
    std::vector<VllmSetupNote> warnings;
    std::vector<std::string> taken;
    if (log.model)
        modelNotes(log, models, scenario, used, warnings, taken);
    for (const Stated& s : statedSettings(log, models, scenario, used)) {
        const std::string logValue = s.setting == Setting::KvDtype ? s.log->text : formatCount(s.log->number);
        const VllmSetupNote base { .setting = s.setting, .logValue = logValue, .line = s.log->line };
        if (!s.usedSame) {
            VllmSetupNote n = base;
            n.kind = Kind::DiffersFromLog;
            n.given = s.used;
            warnings.push_back(n);
            continue;
        }
        taken.push_back(std::string(s.name) + " " + logValue + " (line " + std::to_string(s.log->line) + ")");
        if (!s.scenarioSame && !s.scenario.empty()) {
            VllmSetupNote n = base;
            n.kind = Kind::LogReplaces;
            n.given = s.scenario;
            warnings.push_back(n);
        }
    }
    std::vector<VllmSetupNote> notes;
    if (!taken.empty()) {
        std::string list;
        for (const std::string& t : taken)
            list += (list.empty() ? "" : ", ") + t;
        notes.push_back({ .kind = Kind::FromLog, .taken = list });
    }
    notes.insert(notes.end(), warnings.begin(), warnings.end());
    return notes;
}

namespace {

/// A setting's name in the sentences ("TP"), itself translated.
Message settingLabel(Setting s)
{
    switch (s) {
    case Setting::Model:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "model"));
    case Setting::Tp:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "TP"));
    case Setting::BlockSize:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "block size"));
    case Setting::KvDtype:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "KV cache dtype"));
    case Setting::MaxModelLen:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "max_model_len"));
    }
    return {};
}

} // namespace

Message vllmSetupMessage(const VllmSetupNote& n)
{
    using Kind = VllmSetupNote::Kind;
    const MessageArg label(std::vector<Message> { settingLabel(n.setting) }, "");
    const std::string line = std::to_string(n.line);
    switch (n.kind) {
    case Kind::FromLog:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "From the log: %1."), { n.taken });
    case Kind::LogReplaces:
        if (n.setting == Setting::Model)
            return say(QT_TRANSLATE_NOOP("VllmCheck",
                           "The log runs %1 (line %2); the scenario has %3: kvtiers compares with the log's model."),
                { n.logValue, line, n.given });
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "The log says %1 %2 (line %3); the scenario has %1 %4: kvtiers compares at the log's %2."),
            { label, n.logValue, line, n.given });
    case Kind::DiffersFromLog:
        if (n.setting == Setting::Model)
            return say(QT_TRANSLATE_NOOP("VllmCheck",
                           "The log runs %1 (line %2), the card %3; this check uses %4, so its figures are not what "
                           "vLLM ran."),
                { n.logValue, line, n.cardId, n.given });
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "The log says %1 %2 (line %3); this check uses %1 %4, so its figures are not what vLLM ran."),
            { label, n.logValue, line, n.given });
    case Kind::ModelNoCard:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "The log runs %1 (line %2), and no model card matches it: this check uses %3, which may not "
                       "be that model. Import its config.json to check the right shape."),
            { n.logValue, line, n.given });
    case Kind::ModelAmbiguous:
        return say(QT_TRANSLATE_NOOP(
                       "VllmCheck", "The log runs %1 (line %2), which matches several cards (%3): this check uses %4."),
            { n.logValue, line, n.candidates, n.given });
    case Kind::ModelBaseName:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "No card names %1 itself; kvtiers uses %2, its base model without \"%3\" (a fine-tune keeps "
                       "its layers, so its KV cache is the same)."),
            { n.logValue, n.cardId, n.dropped });
    }
    return {};
}

bool vllmSetupWarns(const VllmSetupNote& n)
{
    return n.kind != VllmSetupNote::Kind::FromLog && n.kind != VllmSetupNote::Kind::ModelBaseName;
}

std::string vllmSetupText(const VllmSetupNote& n)
{
    return vllmSetupMessage(n).english();
}

} // namespace kvtiers
