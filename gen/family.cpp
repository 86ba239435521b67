#include "gen/family.h"

namespace plumb::gen {

std::string Family::revisionSupport(const Revision& revision) const {
  return revision.name == Revision::wgsl2022_06().name ? ""
                                                       : seedOnly(revision, "the seed's rules");
}

std::string seedOnly(const Revision& revision, std::string_view what) {
  if (revision.name == Revision::wgsl2022_06().name) return "";
  return "its rows and its own expectations follow " + std::string(what) + ", which revision " +
         std::string(revision.name) + " changes; it generates for revision 2022-06 only";
}

const Family* familyByName(std::string_view name) {
  for (const std::unique_ptr<Family>& f : families())
    if (f->name() == name) return f.get();
  return nullptr;
}

void nameTwins(Draft& valid, Draft& invalid, const RuleRow& row, uint64_t slot) {
  std::string base = slug(row.id) + "." + std::to_string(slot);
  valid.c.name = base + ".valid";
  invalid.c.name = base + ".invalid";
  valid.c.twin = invalid.c.name;
  invalid.c.twin = valid.c.name;
  for (Draft* d : {&valid, &invalid}) {
    d->c.rule.anchor = row.anchor;
    d->c.rule.row = row.row;
    d->c.rule.rowId = row.id;
  }
  valid.c.rule.side = Side::Valid;
  invalid.c.rule.side = Side::Invalid;
  valid.intended.verdict = Side::Valid;
  invalid.intended.verdict = Side::Invalid;
}

void nameSingle(Draft& d, const RuleRow& row, uint64_t slot, std::string_view suffix) {
  d.c.name = slug(row.id) + "." + std::to_string(slot) + "." +
             std::string(suffix.empty() ? sideName(d.c.rule.side) : suffix);
  d.c.rule.anchor = row.anchor;
  d.c.rule.row = row.row;
  d.c.rule.rowId = row.id;
}

}  // namespace plumb::gen
