#include "core/model/VllmLog.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/model/VllmLogSetup.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

namespace kvtiers {

namespace {

std::string trimmed(std::string_view s)
{
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string_view::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\r");
    std::string out(s.substr(b, e - b + 1));
    if (out.size() > 160)
        out = out.substr(0, 157) + "...";
    return out;
}

/// Reads a number with optional thousands separators at `pos`; advances `pos`.
std::optional<double> numberAt(std::string_view line, size_t& pos)
{
    while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t'))
        ++pos;
    std::string digits;
    size_t i = pos;
    while (i < line.size()
        && (std::isdigit(static_cast<unsigned char>(line[i])) || line[i] == ',' || line[i] == '.' || line[i] == '_')) {
        if (line[i] != ',' && line[i] != '_')
            digits += line[i];
        ++i;
    }
    while (!digits.empty() && digits.back() == '.') // a sentence's full stop
        digits.pop_back();
    auto v = parsePlainNumber(digits);
    if (!v || *v < 0)
        return std::nullopt;
    pos = i;
    return v;
}

/// One line of the log, read into `log` where it is one of the KV lines.
class LogLine {
public:
    LogLine(std::string_view line, int lineNo, const std::string& origin, VllmLog& log)
        : m_line(line)
        , m_lineNo(lineNo)
        , m_origin(origin)
        , m_log(log)
    {
    }

    void read()
    {
        readTokens();
        readConcurrency();
        readMemory();
        readBlocks();
        readSettings();
    }

private:
    /// Where the text after `label` starts, or npos when the line has no `label`.
    size_t after(std::string_view label) const
    {
        const auto at = m_line.find(label);
        return at == std::string_view::npos ? at : at + label.size();
    }

    [[noreturn]] void fail(const std::string& what) const
    {
        const std::string quoted = trimmed(m_line);
        throw InputError({ .code = InputErrorCode::VllmLogUnreadable,
            .where = m_origin,
            .value = what,
            .detail = quoted,
            .line = m_lineNo });
    }

    void readTokens()
    {
        size_t pos = after("GPU KV cache size:");
        if (pos == std::string_view::npos)
            return;
        const auto v = numberAt(m_line, pos);
        if (!v || m_line.substr(pos).find("token") == std::string_view::npos)
            fail("the token count");
        m_log.kvCacheTokens = *v;
        m_log.kvCacheLine = m_lineNo;
    }

    void readConcurrency()
    {
        size_t pos = after("Maximum concurrency for");
        if (pos == std::string_view::npos)
            return;
        const auto tokens = numberAt(m_line, pos);
        if (!tokens)
            fail("the tokens per request");
        const auto colon = m_line.find(':', pos);
        if (colon == std::string_view::npos)
            fail("the concurrency");
        size_t cpos = colon + 1;
        const auto x = numberAt(m_line, cpos);
        if (!x)
            fail("the concurrency");
        m_log.concurrencyTokens = *tokens;
        m_log.concurrency = *x;
        m_log.concurrencyLine = m_lineNo;
    }

    void readMemory()
    {
        size_t pos = after("Available KV cache memory:");
        if (pos == std::string_view::npos)
            return;
        const auto v = numberAt(m_line, pos);
        if (!v)
            fail("the memory size");
        while (pos < m_line.size() && m_line[pos] == ' ')
            ++pos;
        const std::string_view unit = m_line.substr(pos, 3);
        double scale = GiB;
        if (unit.starts_with("GiB"))
            scale = GiB;
        else if (unit.starts_with("MiB"))
            scale = MiB;
        else if (unit.starts_with("TiB"))
            scale = TiB;
        else if (unit.starts_with("GB"))
            scale = 1e9;
        else if (unit.starts_with("MB"))
            scale = 1e6;
        else
            fail("the memory unit");
        m_log.availableKvBytes = *v * scale;
        m_log.availableLine = m_lineNo;
    }

    void readBlocks()
    {
        size_t pos = after("# GPU blocks:");
        if (pos == std::string_view::npos)
            return;
        const auto v = numberAt(m_line, pos);
        if (!v)
            fail("the block count");
        m_log.gpuBlocks = *v;
        m_log.gpuBlocksLine = m_lineNo;
    }

    /// The value of `key` on a settings line: "'key': value" (a Python dict) or "key=value"
    /// (the engine's config, an argparse Namespace), quotes removed; nullopt when absent
    /// or None.
    std::optional<std::string> settingText(std::string_view key) const
    {
        size_t from = 0;
        while (from < m_line.size()) {
            const size_t at = m_line.find(key, from);
            if (at == std::string_view::npos)
                return std::nullopt;
            from = at + 1;
            const char before = at > 0 ? m_line[at - 1] : ' ';
            size_t pos = at + key.size();
            if ((before == '\'' || before == '"') && pos < m_line.size() && m_line[pos] == before
                && m_line.substr(pos + 1, 1) == ":")
                pos += 2; // 'key': value
            else if ((before == ' ' || before == ',' || before == '(' || before == '{') && pos < m_line.size()
                && m_line[pos] == '=')
                pos += 1; // key=value
            else
                continue;
            while (pos < m_line.size() && m_line[pos] == ' ')
                ++pos;
            if (pos >= m_line.size())
                return std::nullopt;
            std::string value;
            if (m_line[pos] == '\'' || m_line[pos] == '"') {
                const size_t close = m_line.find(m_line[pos], pos + 1);
                value = std::string(m_line.substr(pos + 1, close == std::string_view::npos ? close : close - pos - 1));
            } else {
                size_t end = pos;
                while (end < m_line.size() && m_line[end] != ',' && m_line[end] != '}' && m_line[end] != ')'
                    && m_line[end] != ' ')
                    ++end;
                value = std::string(m_line.substr(pos, end - pos));
            }
            if (value.empty() || value == "None")
                return std::nullopt;
            return value;
        }
        return std::nullopt;
    }

    /// A whole-number setting from 1 to `max`; fails naming the setting otherwise.
    void readCount(std::string_view key, std::optional<VllmLogSetting>& into, double max)
    {
        const auto text = settingText(key);
        if (!text)
            return;
        size_t pos = 0;
        const auto v = numberAt(*text, pos);
        if (!v || pos != text->size() || *v < 1 || *v > max || *v != std::floor(*v))
            fail(std::string(key));
        into = VllmLogSetting { *text, *v, m_lineNo };
    }

    void readSettings()
    {
        if (const size_t pos = after("Using max model len"); pos != std::string_view::npos) {
            size_t p = pos;
            if (const auto v = numberAt(m_line, p); v && *v >= 1)
                m_log.maxModelLen = VllmLogSetting { formatCount(*v), *v, m_lineNo };
        }
        const bool settings = m_line.find("non-default args") != std::string_view::npos
            || m_line.find("with config:") != std::string_view::npos
            || m_line.find("Namespace(") != std::string_view::npos;
        if (!settings)
            return;
        if (const auto model = settingText("model"))
            m_log.model = VllmLogSetting { *model, 0, m_lineNo };
        readCount("tensor_parallel_size", m_log.tp, 65536);
        readCount(kVllmBlockSizeSetting, m_log.blockSize, 1 << 20);
        readCount("max_model_len", m_log.maxModelLen, 1e12);
        readCount("max_seq_len", m_log.maxModelLen, 1e12);
        if (const auto dtype = settingText("kv_cache_dtype"))
            m_log.kvCacheDtype = VllmLogSetting { *dtype, 0, m_lineNo };
    }

    std::string_view m_line;
    int m_lineNo;
    const std::string& m_origin;
    VllmLog& m_log;
};

} // namespace

VllmLog parseVllmLog(std::string_view text, const std::string& origin)
{
    VllmLog log;
    int lineNo = 0;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t end = std::min(text.find('\n', start), text.size());
        LogLine(text.substr(start, end - start), ++lineNo, origin, log).read();
        if (end >= text.size())
            break;
        start = end + 1;
    }
    if (!log.kvCacheTokens && !log.concurrency && !log.gpuBlocks)
        throw InputError({ .code = InputErrorCode::VllmLogNoKvLine, .where = origin });
    return log;
}

namespace {

std::string lowered(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

/// The Hugging Face id a log's model names: "Org/Name" as given; a hub cache folder
/// (".../models--Org--Name/snapshots/<hash>") as "Org/Name"; another local path as its last
/// folder's name.
std::string hfIdOf(std::string model)
{
    std::replace(model.begin(), model.end(), '\\', '/');
    while (model.size() > 1 && model.back() == '/')
        model.pop_back();
    if (const size_t cache = model.find("models--"); cache != std::string::npos) {
        std::string id = model.substr(cache + 8);
        id = id.substr(0, id.find('/'));
        if (const size_t sep = id.find("--"); sep != std::string::npos)
            id = id.substr(0, sep) + "/" + id.substr(sep + 2);
        return id;
    }
    const bool local = model.starts_with("/") || model.starts_with(".") || model.starts_with("~")
        || (model.size() > 1 && model[1] == ':') || std::count(model.begin(), model.end(), '/') > 1;
    return local ? model.substr(model.find_last_of('/') + 1) : model;
}

std::string namePart(const std::string& id)
{
    return id.substr(id.find_last_of('/') + 1);
}

/// The Hugging Face ids a card's sources name ("qwen/qwen2.5-72b"), lower case.
std::set<std::string> cardHfIds(const ModelCard& card)
{
    std::set<std::string> ids;
    for (const Source& s : card.sources) {
        const std::string url = lowered(s.url);
        const size_t at = url.find("huggingface.co/");
        if (at == std::string::npos)
            continue;
        const std::string rest = url.substr(at + 15);
        const size_t first = rest.find('/');
        if (first == std::string::npos)
            continue;
        const size_t second = rest.find('/', first + 1);
        ids.insert(rest.substr(0, second));
    }
    return ids;
}

/// A fine-tune's suffix, when `name` (lower case) ends in one: the tuned model keeps its
/// base model's layers and so its KV shape.
std::string fineTuneSuffix(const std::string& name)
{
    for (const char* suffix : { "-instruct", "-chat", "-it", "-base", "-hf" })
        if (name.size() > std::string_view(suffix).size() && name.ends_with(suffix))
            return suffix;
    return {};
}

std::string withoutSuffix(const std::string& name)
{
    return name.substr(0, name.size() - fineTuneSuffix(name).size());
}

/// The names a card answers to: its id, its name with spaces as hyphens, its Hugging Face names.
std::set<std::string> cardNames(const ModelCard& card, bool base)
{
    std::string name = lowered(card.name);
    std::replace(name.begin(), name.end(), ' ', '-');
    std::set<std::string> names = { lowered(card.id), name };
    for (const std::string& id : cardHfIds(card))
        names.insert(namePart(id));
    if (base) {
        std::set<std::string> stripped;
        for (const std::string& n : names)
            stripped.insert(withoutSuffix(n));
        return stripped;
    }
    return names;
}

} // namespace

VllmModelMatch matchVllmModel(const std::string& logModel, const std::map<std::string, ModelCard>& models)
{
    using How = VllmModelMatch::How;
    const std::string id = lowered(hfIdOf(logModel));
    const std::string name = namePart(id);
    VllmModelMatch m;
    auto tryRule = [&](How how, auto matches) {
        std::vector<std::string> found;
        for (const auto& [cardId, card] : models)
            if (matches(card))
                found.push_back(cardId);
        if (found.empty())
            return false;
        m.how = found.size() == 1 ? how : How::Ambiguous;
        if (found.size() == 1)
            m.cardId = found.front();
        else
            m.candidates = found;
        return true;
    };
    if (id.empty())
        return m;
    if (id.find('/') != std::string::npos
        && tryRule(How::HfId, [&](const ModelCard& c) { return cardHfIds(c).count(id) > 0; }))
        return m;
    if (tryRule(How::Name, [&](const ModelCard& c) { return cardNames(c, false).count(name) > 0; }))
        return m;
    const std::string suffix = fineTuneSuffix(name);
    if (!suffix.empty() && tryRule(How::BaseModel, [&](const ModelCard& c) {
            return cardNames(c, true).count(withoutSuffix(name)) > 0;
        })) {
        const std::string original = namePart(hfIdOf(logModel));
        m.dropped = original.substr(original.size() - suffix.size());
    }
    return m;
}

} // namespace kvtiers
