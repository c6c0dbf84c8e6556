// -*- mode: c++ -*-
// $Id$
// http://www.bagley.org/~doug/shootout/

#include <iostream>

using namespace std;

int main() {
    cout << "hello world" << endl;
    return(0);
}
