// The ada-url peer of xcallback-conformance-bench: times ada-url on the bench's own inputs, on request.
//
// Usage: ada_driver INPUTS   (INPUTS written by the bench: "set NAME COUNT", then per URL "LENGTH\n" BYTES "\n")
// Prints "ready ada-url VERSION NAME=COUNT ..." once, then answers each stdin line "run NAME ITERATIONS" with
// "NANOSECONDS CHECKSUM": the thread CPU time of ITERATIONS passes over the set, the clock the bench times its own
// side with. Built by build-ada-driver.sh; never linked into anything.
//
// The work per URL is what an app needs from a general URL parser: ada::parse<url_aggregator>, the hostname,
// the pathname after its '/' percent-decoded, and every search parameter's name and value decoded into a
// std::string by ada::url_search_params. Rejected URLs count like the others.
#include <time.h>

#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "ada.h"

static uint64_t cpu_nanoseconds() {
  timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return uint64_t(now.tv_sec) * 1000000000u + uint64_t(now.tv_nsec);
}

static uint64_t work(std::string_view input) {
  auto url = ada::parse<ada::url_aggregator>(input);
  if (!url) return 1;
  uint64_t sum = url->get_hostname().size();
  std::string_view path = url->get_pathname();
  if (!path.empty() && path.front() == '/') path.remove_prefix(1);
  sum += ada::unicode::percent_decode(path, path.find('%')).size();
  ada::url_search_params parameters(url->get_search());
  for (const auto& [name, value] : parameters) sum += name.size() * 31 + value.size();
  return sum;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: ada_driver INPUTS\n";
    return 64;
  }
  std::ifstream file(argv[1], std::ios::binary);
  std::string line;
  std::map<std::string, std::vector<std::string>> sets;
  std::vector<std::string>* current = nullptr;
  while (std::getline(file, line)) {
    std::istringstream fields(line);
    std::string word, name;
    size_t count = 0;
    if (line.rfind("xcallback-peer-inputs ", 0) == 0) continue;
    if (fields >> word >> name >> count && word == "set") {
      current = &sets[name];
      current->reserve(count);
      continue;
    }
    size_t length = std::stoul(line);
    if (current == nullptr) return 65;
    std::string url(length, '\0');
    file.read(url.data(), static_cast<std::streamsize>(length));
    file.ignore(1);  // the newline after the bytes
    current->push_back(std::move(url));
  }
  std::cout << "ready ada-url " << ADA_VERSION;
  for (const auto& [name, urls] : sets) std::cout << ' ' << name << '=' << urls.size();
  std::cout << std::endl;
  std::string command, name;
  uint64_t iterations = 0;
  while (std::cin >> command >> name >> iterations && command == "run") {
    auto found = sets.find(name);
    if (found == sets.end()) {
      std::cout << "error unknown set " << name << std::endl;
      continue;
    }
    uint64_t checksum = 0;
    uint64_t start = cpu_nanoseconds();
    for (uint64_t pass = 0; pass < iterations; pass++) {
      for (const std::string& url : found->second) checksum = checksum * 31 + work(url);
    }
    std::cout << cpu_nanoseconds() - start << ' ' << checksum << std::endl;
  }
  return 0;
}
