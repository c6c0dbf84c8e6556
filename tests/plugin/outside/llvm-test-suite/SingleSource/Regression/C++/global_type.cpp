// This testcase was causing an incorrect type emission for data.
double data[100];

double *dpa = data;
double *dpb = data+100;

int main() { return 0; }
