// PR449
#include <fstream>
int main() {
  std::ofstream X;
  return 0;
}

