-- wrk script for bench/order-throughput.mjs: every request is a new order with
-- its own Idempotency-Key and one of 10,000 diner phones, the body read from
-- the file named by ORDER_TEMPLATE (JSON with the text PHONE where the phone
-- goes). At the end it prints one JSON line with the answers by status and the
-- latency percentiles of all answers, for the bench to read. (wrk 4.1's Lua
-- gives percentiles only, not its histogram: rounds cannot be merged, so the
-- bench reports every round's and judges the worst.)
local threads = {}
local template
local counter = 0
local prefix
-- A global: done() reads it from each thread with thread:get.
statuses = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  local file = assert(io.open(os.getenv("ORDER_TEMPLATE"), "r"))
  template = file:read("*a")
  file:close()
  -- A key prefix of the thread and the run: keys never repeat across rounds or threads.
  prefix = string.format("%s-%d-", os.getenv("ORDER_RUN") or "run", id)
  math.randomseed(os.time() + id)
  counter = math.random(0, 9999)
end

function request()
  counter = counter + 1
  local phone = string.format("+54911%08d", 50000000 + (counter % 10000))
  local body = template:gsub("PHONE", phone, 1)
  return wrk.format("POST", "/api/order", {
    ["content-type"] = "application/json",
    ["idempotency-key"] = string.format("%s%d", prefix, counter),
  }, body)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local byStatus = {}
  for _, thread in ipairs(threads) do
    local counts = thread:get("statuses")
    for status, count in pairs(counts) do
      byStatus[status] = (byStatus[status] or 0) + count
    end
  end
  local parts = {}
  for status, count in pairs(byStatus) do
    table.insert(parts, string.format('"%d":%d', status, count))
  end
  io.write(string.format(
    'ORDER-LOAD {"statuses":{%s},"durationUs":%d,"errors":%d,"p50Us":%d,"p95Us":%d,"p99Us":%d,"maxUs":%d}\n',
    table.concat(parts, ","), summary.duration,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
