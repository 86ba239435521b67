#!/usr/bin/env bash
# A stand-in runner for the harness's tests (no Node, no GPU): speaks `plumb-oracle-runner`
# v1 and answers every case with one buffer holding 42, unless the case's "test" asks it to
# crash, hang or answer garbage. FAKE_HELLO=error makes it fail to open a device.
if [[ "${FAKE_HELLO:-}" == "error" ]]; then
  echo '{"hello":"plumb-oracle-runner","version":1,"backend":"fake","error":"no adapter"}'
  exit 3
fi
echo '{"hello":"plumb-oracle-runner","version":1,"backend":"fake","adapter":{"description":"fake"},"versions":{"fake":"1"}}'
while IFS= read -r line; do
  id=$(sed -n 's/.*"id":"\([^"]*\)".*/\1/p' <<<"$line")
  case "$line" in
    *'"test":"crash"'*) exit 70 ;;
    *'"test":"hang"'*) sleep 1000 ;;
    *'"test":"garbage"'*) echo 'not json'; continue ;;
    *'"test":"reject"'*)
      echo "{\"id\":\"$id\",\"status\":\"shader-error\",\"compilation\":[{\"type\":\"error\",\"line\":1,\"column\":2,\"message\":\"no\"}]}"
      continue ;;
  esac
  echo "{\"id\":\"$id\",\"status\":\"executed\",\"compilation\":[],\"validation\":[],\"pipeline\":{\"ok\":true},\"buffers\":[{\"group\":0,\"binding\":0,\"words\":[42]}]}"
done
