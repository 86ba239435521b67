#!/usr/bin/env bash
# A stand-in runner for the harness's tests (no Node, no GPU): speaks `plumb-oracle-runner`
# v1 and answers every case that runs with one buffer holding 42, a verdict-only case with
# `module-ok` or `pipeline-ok` (naming each pipeline's entry point and stage, and the constants
# it was given), unless the case's "test" asks it to crash, hang, answer garbage, or reject
# the shader ("reject") or a pipeline ("reject-pipeline"). FAKE_HELLO=error makes it fail to
# open a device.
if [[ "${FAKE_HELLO:-}" == "error" ]]; then
  echo '{"hello":"plumb-oracle-runner","version":1,"backend":"fake","error":"no adapter"}'
  exit 3
fi
echo '{"hello":"plumb-oracle-runner","version":1,"backend":"fake","adapter":{"description":"fake"},"versions":{"fake":"1"},"capabilities":["module","pipelines","constants"]}'
while IFS= read -r line; do
  id=$(sed -n 's/.*"id":"\([^"]*\)".*/\1/p' <<<"$line")
  case "$line" in
    *'"test":"crash"'*) exit 70 ;;
    *'"test":"hang"'*) sleep 1000 ;;
    *'"test":"garbage"'*) echo 'not json'; continue ;;
    *'"test":"reject"'*)
      echo "{\"id\":\"$id\",\"status\":\"shader-error\",\"compilation\":[{\"type\":\"error\",\"line\":1,\"column\":2,\"message\":\"no\"}]}"
      continue ;;
    *'"test":"reject-pipeline"'*)
      echo "{\"id\":\"$id\",\"status\":\"pipeline-error\",\"compilation\":[],\"validation\":[],\"pipeline\":{\"ok\":false,\"error\":\"no pipeline\"}}"
      continue ;;
    *'"mode":"module"'*)
      echo "{\"id\":\"$id\",\"status\":\"module-ok\",\"compilation\":[],\"validation\":[]}"
      continue ;;
    *'"mode":"pipelines"'*)
      # Each pipeline's entry point and stage, as the case listed them (keys come sorted: a
      # pipeline's "entry" is followed by "partner" or "stage", the partner's by "wgsl").
      pipelines=$(paste -d' ' \
          <(grep -o '"entry":"[^"]*","\(partner\|stage\)"' <<<"$line" | cut -d'"' -f4) \
          <(grep -o '"stage":"[a-z]*"' <<<"$line" | cut -d'"' -f4) |
        while read -r entry stage; do echo "{\"entry\":\"$entry\",\"stage\":\"$stage\",\"ok\":true}"; done |
        paste -sd, -)
      constants=$(grep -o '"constants":{[^}]*}' <<<"$line")
      echo "{\"id\":\"$id\",\"status\":\"pipeline-ok\",\"compilation\":[],\"validation\":[],\"pipeline\":{\"ok\":true},\"pipelines\":[$pipelines]${constants:+,$constants}}"
      continue ;;
  esac
  echo "{\"id\":\"$id\",\"status\":\"executed\",\"compilation\":[],\"validation\":[],\"pipeline\":{\"ok\":true},\"buffers\":[{\"group\":0,\"binding\":0,\"words\":[42]}]}"
done
