#include "core/cards/Source.h"

#include "core/io/InputError.h"

namespace kvtiers {

std::vector<Source> readSources(const JsonObject& card)
{
    const Json& array = card.requireArray("sources");
    if (array.empty())
        card.fail("sources", { .code = InputErrorCode::NoSources });
    std::vector<Source> sources;
    for (size_t i = 0; i < array.size(); ++i) {
        const JsonObject s(array[i], card.path() + ".sources[" + std::to_string(i) + "]");
        s.rejectUnknownKeys({ "title", "url", "note", "publisher", "date" });
        sources.push_back({ s.requireString("title"), s.requireString("url"), s.optionalString("note").value_or(""),
            s.optionalString("publisher").value_or(""), s.optionalString("date").value_or("") });
    }
    return sources;
}

Json sourcesToJson(const std::vector<Source>& sources)
{
    Json array = Json::array();
    for (const auto& s : sources) {
        Json o = { { "title", s.title }, { "url", s.url } };
        if (!s.note.empty())
            o["note"] = s.note;
        if (!s.publisher.empty())
            o["publisher"] = s.publisher;
        if (!s.date.empty())
            o["date"] = s.date;
        array.push_back(std::move(o));
    }
    return array;
}

} // namespace kvtiers
