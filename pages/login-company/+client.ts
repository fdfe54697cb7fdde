// The teacher's login page's script: the same light form, the same leftovers forgotten.
import '../login-teacher/+client.ts';
