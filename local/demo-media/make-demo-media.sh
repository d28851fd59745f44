#!/bin/sh
# Makes the demo recordings' videos and thumbnails with ffmpeg (a free tool): a warm diagonal
# gradient with a soft light that swells and settles like a slow breath (one breath in 4 s), a few
# seconds each, H.264 baseline in MP4 with its index first (plays while it downloads), no sound.
# The files are committed; run this only to make them again.
set -eu
cd "$(dirname "$0")"

# make <name> <seconds> <light r g b> <deep r g b>
make() {
  name=$1 seconds=$2
  shift 2
  glow="0.45*clip(1-(hypot(X-W*0.62,Y-H*0.42)-H*(0.2+0.06*sin(2*PI*T/4)))/(H*0.16),0,1)"
  channel() { echo "($1+($2-$1)*(X+Y)/(W+H))*(1-$glow)+255*$glow"; }
  picture="geq=r='$(channel "$1" "$4")':g='$(channel "$2" "$5")':b='$(channel "$3" "$6")'"
  ffmpeg -v error -y -f lavfi -i "color=s=320x180:r=24:d=${seconds},format=rgb24" -vf "${picture},format=yuv420p" \
    -c:v libx264 -profile:v baseline -level 3.0 -crf 28 -preset veryslow -movflags +faststart -an "${name}.mp4"
  ffmpeg -v error -y -f lavfi -i "color=s=640x360:d=1,format=rgb24" -vf "${picture}" -frames:v 1 -q:v 4 "${name}.jpg"
}

make welcome-breathing-for-birth 4 244 199 161 185 118 96
make the-calming-breath 4 231 216 201 126 150 128
make breathing-through-early-labour 5 242 212 194 170 100 84
make riding-the-wave 5 219 229 225 104 140 138
make birth-partner-breathing 4 246 227 198 180 134 86
make gentle-recovery-breath 5 237 220 210 142 108 126
